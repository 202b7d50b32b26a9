import { z } from 'zod';
import {
  ALTCHA_MAX_COUNTER,
  FORM_EMAIL_LIST_MAX,
  FORM_MINIMUM_SECONDS,
  FORM_POST_MAX_BYTES,
  FORM_POST_MAX_BYTES_CEILING,
  FORM_TOKEN_LIFETIME_S,
  FORM_UPLOAD_MAX_MB,
} from '../platform/constants/index.ts';
import { messages } from '../platform/messages/index.ts';

/**
 * A form's definition: what the site owner built, as WPForms keeps it (its names), checked by
 * `formDefinitionSchema` wherever it enters (the demo JSON files in demo-forms/, the forms table).
 *
 * Shape, for whoever renders it:
 * - `id` (the URL's `/forms/{id}/`), `title`, `description`.
 * - `fields`: one ordered list. A `pagebreak` field ends a page and starts the next (its `title` is
 *   the next page's; `formPages()` splits the list), so a form without one has one page. Every
 *   field has `id` (digits, unique in the form: the wire name is `wpforms[fields][{id}]`, see
 *   wire.ts), `type`, `label`, `description`, `required`, `size` (the size-class), `css`, and an
 *   optional `conditional` rule: `{ action: 'show' | 'hide', groups }`, where the action applies
 *   when any group holds and a group holds when all of its rules do (WPForms' OR of ANDs).
 *   A rule compares another field's value: `==`, `!=`, `e` (empty), `!e`, `c` (contains), `!c`,
 *   `^` (starts with), `~` (ends with), `>`, `<`.
 * - Type-specific settings sit on the field (see each schema below): choices on select / radio /
 *   checkbox / payment-multiple..., limits on text / textarea, allow and deny lists on email, and
 *   so on. Prices are integer minor units of `settings.currency_code`.
 * - `settings`: seed 002 §3's form settings with their defaults, the `val_*` validation texts
 *   (defaults in platform/messages/forms.ts), anti-spam switches and the page indicator.
 * - `confirmation`: a message, or a redirect (optionally in a new tab), after a successful submit.
 * - `notifications`: the e-mails each entry sends.
 *
 * `formDefinitionSchema.parse(json)` fills every default, so renderers and the rule engine read a
 * complete `FormDefinition`.
 */

export const fieldIdSchema = z.string().regex(/^\d{1,6}$/, 'a field id is 1 to 6 digits');
export type FieldId = z.infer<typeof fieldIdSchema>;

const text = (max = 2000) => z.string().max(max);

export const conditionOperators = ['==', '!=', 'e', '!e', 'c', '!c', '^', '~', '>', '<'] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

export const conditionRuleSchema = z.strictObject({
  field: fieldIdSchema,
  operator: z.enum(conditionOperators),
  value: text(1000).default(''),
});
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

export const conditionalSchema = z.strictObject({
  action: z.enum(['show', 'hide']),
  groups: z.array(z.array(conditionRuleSchema).min(1).max(20)).min(1).max(20),
});
export type Conditional = z.infer<typeof conditionalSchema>;

const base = {
  id: fieldIdSchema,
  label: text(500).default(''),
  description: text(5000).default(''),
  required: z.boolean().default(false),
  /** The size-class of seed 002 §3's field data. */
  size: z.enum(['small', 'medium', 'large']).default('medium'),
  css: text(200).default(''),
  /** The field is left out when Next checks its page (seed 002 §5); the server still checks it. */
  skip_page_validation: z.boolean().default(false),
  conditional: conditionalSchema.optional(),
};

const limits = {
  limit_enabled: z.boolean().default(false),
  limit_mode: z.enum(['characters', 'words']).default('characters'),
  limit_count: z.number().int().min(1).max(100_000).default(200),
};

const choiceSchema = z.strictObject({
  label: text(500),
  /** What is submitted and stored; the label when empty (WPForms' "show values" off). */
  value: text(500).default(''),
  default: z.boolean().default(false),
  /** Image choices: the picture shown for this choice. */
  image: text(2000).default(''),
});
export type Choice = z.infer<typeof choiceSchema>;

const paymentChoiceSchema = choiceSchema.extend({
  /** Minor units. */
  price: z.number().int().min(0).max(1e12),
});

const choices = {
  choices: z.array(choiceSchema).min(1).max(500),
  /** Seed 002 §3 `choice`: images beside the choices (image choice). */
  image_choices: z.boolean().default(false),
};

const quantity = {
  /** A quantity select (id `{field id}-quantity`, seed 002 §3) from 0 to this; 0: none. */
  quantity_max: z.number().int().min(0).max(1000).default(0),
};

export const fieldSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...base,
    type: z.literal('text'),
    placeholder: text(500).default(''),
    default_value: text().default(''),
    /** An imask pattern (`9` digit, `a` letter, `*` either); the complete-mask rule applies. */
    input_mask: text(200).default(''),
    ...limits,
  }),
  z.strictObject({
    ...base,
    type: z.literal('textarea'),
    placeholder: text(500).default(''),
    default_value: text(20_000).default(''),
    ...limits,
  }),
  z.strictObject({
    ...base,
    type: z.literal('email'),
    placeholder: text(500).default(''),
    default_value: text(254).default(''),
    /** A second input that must match (the confirm rule). */
    confirmation: z.boolean().default(false),
    confirmation_label: text(500).default(''),
    /** Restricted email (`wpforms_restricted_email`): patterns such as `*@example.com`. */
    filter_type: z.enum(['none', 'allowlist', 'denylist']).default('none'),
    allowlist: z.array(text(254)).max(FORM_EMAIL_LIST_MAX).default([]),
    denylist: z.array(text(254)).max(FORM_EMAIL_LIST_MAX).default([]),
  }),
  z.strictObject({
    ...base,
    type: z.literal('number'),
    placeholder: text(500).default(''),
    default_value: text(100).default(''),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('url'),
    placeholder: text(500).default(''),
    default_value: text().default(''),
  }),
  z.strictObject({
    ...base,
    type: z.literal('phone'),
    placeholder: text(500).default(''),
    default_value: text(100).default(''),
    /** us: `(999) 999-9999` (the complete-mask rule); international / smart: digits and + - ( ) . */
    format: z.enum(['smart', 'international', 'us']).default('smart'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('password'),
    placeholder: text(500).default(''),
    confirmation: z.boolean().default(false),
    confirmation_label: text(500).default(''),
    /** The least @zxcvbn-ts score (0 to 4) the password must reach; 0: no strength rule. */
    strength_min: z.number().int().min(0).max(4).default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('name'),
    format: z.enum(['simple', 'first-last', 'first-middle-last']).default('first-last'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('address'),
    scheme: z.enum(['us', 'international']).default('international'),
    address2_hide: z.boolean().default(false),
    postal_hide: z.boolean().default(false),
    country_hide: z.boolean().default(false),
    default_country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('US'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('select'),
    ...choices,
    placeholder: text(500).default(''),
    multiple: z.boolean().default(false),
    /** Seed 002 §3 `search-enabled`, `remove-items-enabled`. */
    search_enabled: z.boolean().default(false),
    remove_items_enabled: z.boolean().default(false),
    /** A multiple select's most chosen items (seed 002 §3's choice limit); 0: no limit. */
    choice_limit: z.number().int().min(0).max(500).default(0),
  }),
  z.strictObject({ ...base, type: z.literal('radio'), ...choices }),
  z.strictObject({
    ...base,
    type: z.literal('checkbox'),
    ...choices,
    /** Check-limit: the most boxes that may be ticked; 0: no limit. */
    choice_limit: z.number().int().min(0).max(500).default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('rating'),
    scale: z.number().int().min(2).max(10).default(5),
    icon: z.enum(['star', 'heart', 'thumb', 'smiley']).default('star'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('date-time'),
    format: z.enum(['date', 'time', 'date-time']).default('date'),
    date_type: z.enum(['datepicker', 'dropdown']).default('datepicker'),
    /** WPForms' date formats: `m/d/Y` or `d/m/Y`. */
    date_format: z.enum(['m/d/Y', 'd/m/Y']).default('m/d/Y'),
    /** Seed 002 §3 `limit-days`: the weekdays that may be chosen; empty: every day. */
    limit_days: z.array(z.enum(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])).default([]),
    /** `g:i A` (12 h) or `H:i` (24 h). */
    time_format: z.enum(['g:i A', 'H:i']).default('g:i A'),
    time_interval: z.number().int().min(1).max(240).default(30),
    /** Time-limit: the time must lie between these (`HH:MM`, 24 h) when enabled. */
    time_limit_enabled: z.boolean().default(false),
    time_min: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .default('09:00'),
    time_max: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .default('17:00'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('file-upload'),
    /** Allowed extensions, e.g. `pdf,png`; empty: png, jpg, jpeg, gif (seed 002 §5). */
    extensions: z
      .array(z.string().regex(/^[a-z0-9]{1,10}$/))
      .max(50)
      .default([]),
    /** Largest file in MB (the form's `post_max_size` caps all files together). */
    max_size: z.number().positive().max(FORM_UPLOAD_MAX_MB).default(FORM_UPLOAD_MAX_MB),
    max_file_number: z.number().int().min(1).max(20).default(1),
  }),
  z.strictObject({ ...base, type: z.literal('hidden'), default_value: text().default('') }),
  z.strictObject({ ...base, type: z.literal('html'), code: text(50_000).default('') }),
  z.strictObject({ ...base, type: z.literal('divider') }),
  z.strictObject({
    ...base,
    type: z.literal('pagebreak'),
    /** The title of the page this break starts (the progress indicator shows it). */
    title: text(500).default(''),
    next: text(100).default(messages.forms.next),
    prev: text(100).default(messages.forms.previous),
  }),
  /** ALTCHA proof of work; its value is the solver's payload, verified by the server. */
  z.strictObject({
    ...base,
    type: z.literal('captcha'),
    /**
     * The work asked (ALTCHA's `maxnumber`): the secret counter is drawn below this, and the
     * browser tries counters from 0 until it finds it (50,000: about half a second on average).
     */
    max_number: z.number().int().min(100).max(10_000_000).default(ALTCHA_MAX_COUNTER),
  }),
  // Payment fields (seed 002 §3; issue 13 renders, totals and charges them).
  z.strictObject({
    ...base,
    type: z.literal('payment-single'),
    /** single: a fixed price; user: the visitor enters the amount; hidden: fixed and not shown. */
    format: z.enum(['single', 'user', 'hidden']).default('single'),
    price: z.number().int().min(0).max(1e12).default(0),
    /** Minimum price (minor units) of a user-entered amount. */
    min_price: z.number().int().min(0).max(1e12).default(0),
    ...quantity,
  }),
  z.strictObject({
    ...base,
    type: z.literal('payment-multiple'),
    choices: z.array(paymentChoiceSchema).min(1).max(500),
    image_choices: z.boolean().default(false),
    ...quantity,
  }),
  z.strictObject({
    ...base,
    type: z.literal('payment-checkbox'),
    choices: z.array(paymentChoiceSchema).min(1).max(500),
    image_choices: z.boolean().default(false),
    /** One quantity for every ticked item. */
    ...quantity,
  }),
  z.strictObject({
    ...base,
    type: z.literal('payment-select'),
    choices: z.array(paymentChoiceSchema).min(1).max(500),
    ...quantity,
  }),
  z.strictObject({
    ...base,
    type: z.literal('payment-total'),
    /** Shows the order summary table above the total (WPForms' "Enable Summary"). */
    summary: z.boolean().default(false),
  }),
  /** A code of the shop's own coupons (src/cart/coupon.ts), applied to the form's items. */
  z.strictObject({
    ...base,
    type: z.literal('payment-coupon'),
    placeholder: text(500).default(''),
  }),
  /** The card, taken by the shop's payment element (src/payments/ui) and charged on submit. */
  z.strictObject({ ...base, type: z.literal('stripe-credit-card') }),
]);
export type FormField = z.infer<typeof fieldSchema>;
export type FieldType = FormField['type'];
export type FieldOf<T extends FieldType> = Extract<FormField, { type: T }>;

const val = (key: keyof typeof messages.forms) => text(1000).default(messages.forms[key]);

/** Seed 002 §3's page-level settings (WPForms' names) with their defaults, and the form's texts. */
export const formSettingsSchema = z.strictObject({
  /** Submit through `wpforms_submit` without leaving the page (off: a normal post). */
  ajax_submit: z.boolean().default(true),
  submit_text: text(100).default(messages.forms.submit),
  submit_text_processing: text(100).default(messages.forms.submitting),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  currency_thousands: text(3).default(','),
  currency_decimals: z.number().int().min(0).max(4).default(2),
  currency_decimal: text(3).default('.'),
  currency_symbol: text(8).default('$'),
  currency_symbol_pos: z.enum(['left', 'right']).default('left'),
  /** Bytes one submission may carry, uploads included. */
  post_max_size: z
    .number()
    .int()
    .min(1024)
    .max(FORM_POST_MAX_BYTES_CEILING)
    .default(FORM_POST_MAX_BYTES),
  mailcheck_enabled: z.boolean().default(true),
  mailcheck_domains: z.array(text(253)).max(500).default([]),
  mailcheck_toplevel_domains: z.array(text(63)).max(500).default([]),
  /** The visitor cookie may be set when no consent library is present (seed 002 §9). */
  uuid_cookie: z.boolean().default(false),
  token_cache_lifetime: z
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(FORM_TOKEN_LIFETIME_S),
  isModernMarkupEnabled: z.boolean().default(true),
  formErrorMessagePrefix: val('formErrorMessagePrefix'),
  submitBtnDisabled: val('submitBtnDisabled'),
  indicatorStepsPattern: val('indicatorStepsPattern'),
  /** Theming variables (`--wpforms-…` custom properties without the prefix). */
  css_vars: z.record(z.string().regex(/^[a-z0-9-]{1,60}$/), text(200)).default({}),
  address_field: z
    .strictObject({
      list_countries_without_states: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
    })
    .prefault({}),
  page_indicator: z
    .strictObject({
      style: z.enum(['progress', 'circles', 'connector', 'none']).default('progress'),
      /** The first page's title (later pages take their page break's). */
      title: text(500).default(''),
      color: text(50).default(''),
    })
    .prefault({}),
  /**
   * Paying (issue 13), WPForms' payment settings: who the customer is (fields whose answers
   * become the order's billing name, e-mail and address; the first of each type when unset) and
   * the payment's description.
   */
  payments: z
    .strictObject({
      payment_description: text(500).default(''),
      customer_name: fieldIdSchema.optional(),
      customer_email: fieldIdSchema.optional(),
      customer_address: fieldIdSchema.optional(),
    })
    .prefault({}),
  // Anti-spam (issue 12).
  honeypot: z.boolean().default(true),
  antispam_token: z.boolean().default(true),
  /** Least seconds between the start and end timestamps; 0: no time check. */
  minimum_seconds: z.number().int().min(0).max(3600).default(FORM_MINIMUM_SECONDS),
  // Validation texts (seed 002 §5; "error messages come from settings").
  val_required: val('val_required'),
  val_email: val('val_email'),
  val_email_suggestion: val('val_email_suggestion'),
  val_email_suggestion_title: val('val_email_suggestion_title'),
  val_email_restricted: val('val_email_restricted'),
  val_url: val('val_url'),
  val_number: val('val_number'),
  val_number_min: val('val_number_min'),
  val_number_max: val('val_number_max'),
  val_number_step: val('val_number_step'),
  val_number_positive: val('val_number_positive'),
  val_minimum_price: val('val_minimum_price'),
  val_requiredpayment: val('val_requiredpayment'),
  val_creditcard: val('val_creditcard'),
  val_confirm: val('val_confirm'),
  val_fileextension: val('val_fileextension'),
  val_filesize: val('val_filesize'),
  val_file_content: val('val_file_content'),
  val_post_max_size: val('val_post_max_size'),
  val_time12h: val('val_time12h'),
  val_time24h: val('val_time24h'),
  val_time_limit: val('val_time_limit'),
  val_date: val('val_date'),
  val_date_day: val('val_date_day'),
  val_checklimit: val('val_checklimit'),
  val_choice: val('val_choice'),
  val_inputmask_incomplete: val('val_inputmask_incomplete'),
  val_password_strength: val('val_password_strength'),
  val_phone: val('val_phone'),
  val_captcha_fail_msg: val('val_captcha_fail_msg'),
  val_limit_characters: val('val_limit_characters'),
  val_limit_words: val('val_limit_words'),
  val_limit_characters_over: val('val_limit_characters_over'),
  val_limit_words_over: val('val_limit_words_over'),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;
/** The settings that are validation texts. */
export type ValidationMessageKey = Extract<keyof FormSettings, `val_${string}`>;

export const confirmationSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('message'),
    message: text(20_000).default(messages.forms.confirmationDefault),
  }),
  z.strictObject({
    type: z.literal('redirect'),
    /** An absolute http(s) URL. */
    redirect_url: z.url({ protocol: /^https?$/ }),
    new_tab: z.boolean().default(false),
  }),
]);
export type Confirmation = z.infer<typeof confirmationSchema>;

export const notificationSchema = z.strictObject({
  /** Addresses, or `{admin_email}` for the shop's own address. */
  to: z.array(text(254)).min(1).max(20),
  subject: text(500).default(''),
  /** `{all_fields}` lists every answer. */
  message: text(20_000).default('{all_fields}'),
  /** A field whose answer becomes the Reply-To (an e-mail field's id). */
  reply_to_field: fieldIdSchema.optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const formDefinitionSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a form id is a lower-case slug'),
    title: text(500),
    description: text(5000).default(''),
    fields: z.array(fieldSchema).min(1).max(500),
    settings: formSettingsSchema.prefault({}),
    confirmation: confirmationSchema.prefault({ type: 'message' }),
    notifications: z.array(notificationSchema).max(10).default([]),
  })
  .superRefine((form, context) => {
    const ids = new Set<string>();
    for (const [index, field] of form.fields.entries()) {
      if (ids.has(field.id)) {
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'id'],
          message: `field id ${field.id} is used twice`,
        });
      }
      ids.add(field.id);
    }
    for (const [index, field] of form.fields.entries()) {
      for (const rule of field.conditional?.groups.flat() ?? []) {
        if (!ids.has(rule.field) || rule.field === field.id) {
          context.addIssue({
            code: 'custom',
            path: ['fields', index, 'conditional'],
            message: `field ${field.id}'s rule reads field ${rule.field}, which it may not`,
          });
        }
      }
    }
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;
/** A definition as written (defaults may be left out): what the demo JSON files hold. */
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;

// The pages and lookups live in form-pages.ts, without zod: the browser's bundles (the form page,
// embed.js) take only this file's types.
