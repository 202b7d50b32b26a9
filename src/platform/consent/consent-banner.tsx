import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { consentMessages } from '../messages/consent.ts';
import { browserConsent, publishConsentApi } from './browser-consent.ts';
import {
  CONSENT_BANNER_ID,
  CONSENT_FORM_PATH,
  choiceOf,
  optionalConsentCategories,
  rejectAll,
  type ConsentChoice,
} from './consent.ts';

const text = consentMessages.consent;

export interface ConsentBannerProps {
  /**
   * Whether the request carried a choice. The page is cached apart by it (page-cache variant),
   * so the first paint is right without JavaScript; the browser decides again from its cookie.
   */
  chosen: boolean;
  /** The page's own path: where the form without JavaScript comes back to. */
  returnTo: string;
}

/** The footer's link that opens the banner again (a plain anchor: `:target` opens it without JavaScript). */
export function CookieSettingsLink() {
  return (
    <a href={`#${CONSENT_BANNER_ID}`} className="cookie-settings-link">
      {text.settingsLink}
    </a>
  );
}

/**
 * The cookie consent banner (CONTRACT §5): a non-modal region at the foot of the window with
 * `Accept all`, `Reject all` and `Choose` (the categories, then `Save my choices`). Its markup is
 * the same for every visitor of a page variant; which choice is stored is read in the browser
 * only, so a cached page never carries anyone's choice. Without JavaScript it is a form posting
 * to CONSENT_FORM_PATH, and the footer link opens it through `:target`.
 */
export function ConsentBanner({ chosen, returnTo }: ConsentBannerProps) {
  const [open, setOpen] = useState(!chosen);
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(rejectAll);
  const banner = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes back to when the banner closes (the link that opened it). */
  const opener = useRef<HTMLElement | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const titleId = useId();
  const panelId = useId();

  useEffect(() => {
    publishConsentApi();
    const stored = browserConsent.choice();
    if (stored) setChoice(stored);
    setOpen(stored === undefined || window.location.hash === `#${CONSENT_BANNER_ID}`);
    const unsubscribe = browserConsent.onChange(setChoice);
    const openFromLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${CONSENT_BANNER_ID}"]`);
      if (!link) return;
      event.preventDefault();
      opener.current = link as HTMLElement;
      setChoice(browserConsent.choice() ?? rejectAll);
      setChoosing(true);
      setOpen(true);
      setFocusHeading(true);
    };
    document.addEventListener('click', openFromLink);
    return () => {
      unsubscribe();
      document.removeEventListener('click', openFromLink);
    };
  }, []);

  // While it shows, it floats at the foot of the window and the page keeps its height free: the
  // footer's end (--consent-banner-height), and, for a link reached by Tab, the scroll padding,
  // so focus scrolls into view above the banner, never under it (WCAG 2.2's 2.4.11).
  useEffect(() => {
    const element = banner.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = `${element.offsetHeight}px`;
      root.style.setProperty('--consent-banner-height', height);
      root.style.scrollPaddingBottom = height;
      root.dataset.consentBanner = 'floating';
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
      root.style.removeProperty('scroll-padding-bottom');
      delete root.dataset.consentBanner;
    };
  }, [open]);

  useEffect(() => {
    if (!focusHeading || !open) return;
    heading.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, open]);

  function close(): void {
    const hadFocus = banner.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    setChoosing(false);
    if (window.location.hash === `#${CONSENT_BANNER_ID}`) {
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
    if (hadFocus) (opener.current ?? document.getElementById('main'))?.focus();
    opener.current = null;
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const answer = submitter?.value;
    const next =
      answer === 'all' || answer === 'none'
        ? choiceOf({ consent: answer })
        : choiceOf({
            consent: 'choose',
            granted: optionalConsentCategories.filter((category) => choice[category]),
          });
    browserConsent.set(next);
    close();
  }

  function onKeyDown(event: React.KeyboardEvent): void {
    if (event.key === 'Escape' && browserConsent.choice() !== undefined) {
      event.stopPropagation();
      close();
    }
  }

  return (
    <section
      ref={banner}
      id={CONSENT_BANNER_ID}
      className="consent-banner"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <form method="post" action={CONSENT_FORM_PATH} onSubmit={submit} className="consent-form">
        <input type="hidden" name="redirect_to" value={returnTo} />
        <div className="consent-intro">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="consent-title">
            {text.title}
          </h2>
          <p>{text.text}</p>
        </div>
        <div className="consent-actions">
          <button type="submit" name="consent" value="all" className="button button-primary">
            {text.acceptAll}
          </button>
          <button type="submit" name="consent" value="none" className="button button-primary">
            {text.rejectAll}
          </button>
          <button
            type="button"
            className="button consent-choose"
            aria-expanded={choosing}
            aria-controls={panelId}
            onClick={() => setChoosing((was) => !was)}
          >
            {text.choose}
          </button>
        </div>
        <fieldset id={panelId} className="consent-categories" hidden={!choosing}>
          <legend>{text.categoriesLegend}</legend>
          <div className="consent-category">
            <input
              id={`${panelId}-necessary`}
              type="checkbox"
              checked
              disabled
              readOnly
              aria-describedby={`${panelId}-necessary-help`}
            />
            <label htmlFor={`${panelId}-necessary`}>{text.necessary}</label>
            <p id={`${panelId}-necessary-help`}>
              ({text.alwaysOn}) {text.necessaryHelp}
            </p>
          </div>
          {optionalConsentCategories.map((category) => (
            <div key={category} className="consent-category">
              <input
                id={`${panelId}-${category}`}
                type="checkbox"
                name={category}
                value="on"
                checked={choice[category]}
                aria-describedby={`${panelId}-${category}-help`}
                onChange={(event) => {
                  const granted = event.currentTarget.checked;
                  setChoice((current) => ({ ...current, [category]: granted }));
                }}
              />
              <label htmlFor={`${panelId}-${category}`}>{text[category]}</label>
              <p id={`${panelId}-${category}-help`}>{text[`${category}Help`]}</p>
            </div>
          ))}
          <button type="submit" name="consent" value="choose" className="button button-primary">
            {text.save}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
