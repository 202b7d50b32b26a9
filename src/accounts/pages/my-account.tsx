import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { data, Outlet, redirect, useLocation, type MetaFunction } from 'react-router';
import { formFields } from '../../platform/http/form-fields.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { sessionCookieHeader } from '../../platform/session/session-cookie.ts';
import { customerName, logoutUrl, redirectTarget } from '../account.ts';
import { visitorNonces } from '../account-header.ts';
import {
  LOGIN_NONCE,
  LOGIN_NONCE_FIELD,
  LOGOUT_NONCE,
  REGISTER_NONCE,
  REGISTER_NONCE_FIELD,
} from '../nonces.ts';
import { logIn, requestRegistration } from '../operations.ts';
import { loginForm, registerForm } from '../schemas.ts';
import { LoginForm } from '../ui/login-form.tsx';
import { RegisterForm } from '../ui/register-form.tsx';
import type { AuthFormState } from '../ui/use-auth-form.ts';
import {
  formRefusal,
  privatePage,
  type FormRefusal,
  nonceRefused,
  formUnreadable,
} from './page-answers.ts';

export const meta: MetaFunction = () => [{ title: `${messages.myAccount} – ${messages.shopName}` }];
export const headers = privatePage;

/**
 * `/my-account/` and its pages (WooCommerce's my-account). Logged in: the account's navigation
 * around the page asked for. A visitor: the log-in and registration forms, whichever page they
 * asked for, coming back to it once logged in.
 */
export async function loader({ context, url }: PageLoaderArgs) {
  const { shop, session } = context;
  const customer = await shop.accounts.customerOf(session);
  if (!customer)
    return {
      customer: null,
      nonces: visitorNonces(context.request),
      // Back to the page asked for, once logged in (paths end in a slash, as links write them).
      redirect: `${url.pathname.replace(/\/?$/, '/')}${url.search}`,
    };
  return {
    customer: { name: customerName(customer), email: customer.email },
    logoutUrl: logoutUrl(context.nonce(LOGOUT_NONCE), '/my-account/'),
    nonces: null,
    redirect: '',
  };
}

interface ActionData {
  form: 'login' | 'register';
  state: Partial<AuthFormState>;
  username?: string;
}

type Refused = FormRefusal<ActionData>;

/** The log-in and registration forms without JavaScript: they post here (WooCommerce's forms do). */
export async function action({ request, context }: PageActionArgs) {
  const fields = await formFields(request);
  const which = LOGIN_NONCE_FIELD in fields ? 'login' : 'register';
  const refuse: Refused = (refusal) =>
    formRefusal(refusal, (state) => ({
      form: which,
      state,
      ...(which === 'login' && { username: fields.username ?? '' }),
    }));
  const nonce = which === 'login' ? LOGIN_NONCE : REGISTER_NONCE;
  const nonceField = which === 'login' ? LOGIN_NONCE_FIELD : REGISTER_NONCE_FIELD;
  if (!(await context.request.verifyVisitorNonce(nonce, fields[nonceField])))
    return refuse(nonceRefused);
  const operations = context.shop.accounts.operations;
  if (which === 'login') {
    const form = loginForm.safeParse(fields);
    const target = form.success ? redirectTarget(form.data.redirect, '/my-account/') : null;
    if (!form.success || target === null)
      return refuse({
        code: 'invalid_redirect',
        message: messages.redirectRefused,
        errors: {},
        status: 400,
      });
    const outcome = await logIn(operations, {
      ...form.data,
      sessionId: context.session?.id,
      ip: context.request.clientIp,
    });
    if (!outcome.ok) return refuse(outcome);
    const secure = new URL(request.url).protocol === 'https:';
    return redirect(target, {
      status: 303,
      headers: { 'Set-Cookie': sessionCookieHeader(context.shop.secret, outcome.session, secure) },
    });
  }
  const form = registerForm.safeParse(fields);
  if (!form.success) return refuse(formUnreadable);
  const outcome = await requestRegistration(operations, {
    ...form.data,
    ip: context.request.clientIp,
  });
  if (!outcome.ok) return refuse(outcome);
  return data<ActionData>({
    form: 'register',
    state: {
      message: {
        type: 'success',
        text: format(messages.registerEmailSent, { email: outcome.email }),
      },
    },
  });
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

const navigation = [
  ['/my-account/', messages.dashboard],
  ['/my-account/orders/', messages.orders],
  ['/my-account/edit-address/', messages.addresses],
  ['/my-account/payment-methods/', messages.paymentMethods],
  ['/my-account/edit-account/', messages.accountDetails],
] as const;

/** Which navigation entry a page belongs to (an order's page is under Orders, and so on). */
function currentEntry(pathname: string): string {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path.startsWith('/my-account/view-order/')) return '/my-account/orders/';
  const found = navigation.find(([href]) => href !== '/my-account/' && path.startsWith(href));
  return found ? found[0] : '/my-account/';
}

function AccountNavigation({ logoutUrl }: { logoutUrl: string }) {
  const current = currentEntry(useLocation().pathname);
  return (
    <nav className="woocommerce-MyAccount-navigation" aria-label={messages.accountNavigation}>
      <ul>
        {navigation.map(([href, label]) => (
          <li key={href}>
            <a href={href} aria-current={href === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
        <li>
          <a href={logoutUrl}>{messages.logOut}</a>
        </li>
      </ul>
    </nav>
  );
}

/** A visitor's my-account: log in on one side, register on the other (WooCommerce's layout). */
function CustomerLogin({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  const nonces = loaderData.nonces!;
  return (
    <div className="customer-login">
      <section className="customer-login-column" aria-labelledby="login-heading">
        <h2 id="login-heading">{messages.logIn}</h2>
        <LoginForm
          nonce={nonces.login}
          redirect={loaderData.redirect}
          username={actionData?.username ?? ''}
          {...(actionData?.form === 'login' && { initial: actionData.state })}
          footer={
            <p className="lost_password">
              <a href="/my-account/lost-password/">{messages.lostYourPassword}</a>
            </p>
          }
        />
      </section>
      <section className="customer-login-column" aria-labelledby="register-heading">
        <h2 id="register-heading">{messages.register}</h2>
        <p>{messages.registerIntro}</p>
        <RegisterForm
          nonce={nonces.register}
          {...(actionData?.form === 'register' && { initial: actionData.state })}
        />
      </section>
    </div>
  );
}

export default function MyAccount({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  return (
    <div className="my-account">
      <h1>{messages.myAccount}</h1>
      {loaderData.customer ? (
        <div className="my-account-layout">
          <AccountNavigation logoutUrl={loaderData.logoutUrl!} />
          <div className="woocommerce-MyAccount-content">
            <Outlet />
          </div>
        </div>
      ) : (
        <CustomerLogin loaderData={loaderData} {...(actionData && { actionData })} />
      )}
    </div>
  );
}
