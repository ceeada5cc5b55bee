import {
  createIntl,
  createIntlCache,
  type FormatNumberOptions,
  type IntlShape,
} from '@formatjs/intl';
import ar from './messages/ar.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };

/**
 * The pages' languages. Every text a person reads is a keyed ICU message in `messages/<lang>.json`
 * (one catalog per language, checked against each other by a unit test), formatted by FormatJS;
 * dates, times and numbers go through `Intl` for the page's locale, so its digits too.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type PageLanguage = (typeof LANGUAGES)[number];
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number | Date>;

const CATALOGS: Record<PageLanguage, Record<MessageId, string>> = { en, ar };
const DIRECTION: Record<PageLanguage, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };
/** The language a person picked with the switch, for every page of this gateway. */
const CHOICE_KEY = 'support.language';
const cache = createIntlCache();

export const isPageLanguage = (value: unknown): value is PageLanguage =>
  LANGUAGES.includes(value as PageLanguage);

export const directionOfLanguage = (language: PageLanguage) => DIRECTION[language];

/** The language the switch saved, if any. */
export function chosenLanguage(): PageLanguage | null {
  const saved = localStorage.getItem(CHOICE_KEY);
  return isPageLanguage(saved) ? saved : null;
}

/** The browser's first language the pages speak, else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages): PageLanguage {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isPageLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The locale `Intl` formats with: the browser's own tag when it is of the page's language (an
 * `ar-SA` browser gets Arabic-Indic digits, `ar-AE` Latin ones, as CLDR says), else the language.
 */
function localeFor(language: PageLanguage, languages: readonly string[]): string {
  return languages.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language;
}

type Listener = (language: PageLanguage) => void;

/** `i18n` (the text) or `i18n<Attribute>` (an attribute), not their `...Values`. */
const isMessageKey = (key: string) => /^i18n/.test(key) && !key.endsWith('Values');
/** `i18nAriaLabel` → `aria-label`, `i18nDataEmpty` → `data-empty`. */
const attributeOf = (key: string) =>
  key.slice('i18n'.length).replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`);

/** One page's messages in one language at a time, and the elements that show them. */
export class PageText {
  private intl!: IntlShape<string>;
  private current!: PageLanguage;
  private readonly listeners: Listener[] = [];

  constructor(language: PageLanguage) {
    this.use(language);
  }

  get language(): PageLanguage {
    return this.current;
  }

  get locale(): string {
    return this.intl.locale;
  }

  /** Switches the page to `language` (saved when the person chose it) and redraws every text. */
  use(language: PageLanguage, options: { chosen?: boolean } = {}): void {
    if (options.chosen) localStorage.setItem(CHOICE_KEY, language);
    if (this.current === language) return;
    this.current = language;
    this.intl = createIntl(
      {
        locale: localeFor(language, navigator.languages),
        defaultLocale: 'en',
        messages: CATALOGS[language],
      },
      cache,
    );
    document.documentElement.lang = language;
    document.documentElement.dir = DIRECTION[language];
    this.translate(document);
    for (const listener of this.listeners) listener(language);
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Whether the catalogs hold `id` (a code the page knows words for). */
  has(id: string): id is MessageId {
    return id in CATALOGS.en;
  }

  t(id: MessageId, values?: MessageValues): string {
    return String(this.intl.formatMessage({ id }, values));
  }

  number(value: number, options?: FormatNumberOptions): string {
    return this.intl.formatNumber(value, options);
  }

  date(value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
    return this.intl.formatDate(value, options);
  }

  /** "12:17", "١٢:١٧ م": a message's time. */
  time(value: string | number | Date): string {
    return this.intl.formatTime(value, { hour: 'numeric', minute: '2-digit' });
  }

  /**
   * Puts message `id` into `node` and remembers it (`data-i18n`, `data-i18n-values`), so a switch
   * of language redraws it; `attribute` puts it into that attribute instead of the text
   * (`data-i18n-title`, `data-i18n-placeholder`, ...).
   */
  label<E extends Element>(node: E, id: MessageId, values?: MessageValues, attribute?: string): E {
    const key = attribute
      ? `i18n${attribute.replace(/(^|-)(\w)/g, (_, _d, c) => c.toUpperCase())}`
      : 'i18n';
    const data = (node as unknown as HTMLElement).dataset;
    data[key] = id;
    if (values) data[`${key}Values`] = JSON.stringify(values);
    else delete data[`${key}Values`];
    this.apply(node as unknown as HTMLElement);
    return node;
  }

  /** Redraws every remembered message and time under `root`. */
  translate(root: ParentNode): void {
    const nodes = root.querySelectorAll<HTMLElement>('*');
    for (const node of nodes)
      if (node instanceof HTMLTimeElement || Object.keys(node.dataset).some(isMessageKey))
        this.apply(node);
  }

  private apply(node: HTMLElement): void {
    for (const key of Object.keys(node.dataset).filter(isMessageKey)) {
      const id = node.dataset[key] as MessageId;
      const raw = node.dataset[`${key}Values`];
      const message = this.t(id, raw ? JSON.parse(raw) : undefined);
      if (key === 'i18n') node.textContent = message;
      else node.setAttribute(attributeOf(key), message);
    }
    if (node instanceof HTMLTimeElement && node.dateTime && !node.dataset.i18n)
      node.textContent =
        node.dataset.format === 'date' ? this.dateOf(node.dateTime) : this.time(node.dateTime);
  }

  private dateOf(iso: string): string {
    return this.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
  }

  /** A `<time>` showing `iso` as a time (or a date and time), redrawn on a switch of language. */
  timeElement(iso: string, format: 'time' | 'date' = 'time'): HTMLTimeElement {
    const node = document.createElement('time');
    node.dateTime = iso;
    if (format === 'date') node.dataset.format = 'date';
    this.apply(node);
    return node;
  }
}

/**
 * The language switch of a page: a button naming the other language in that language ("العربية",
 * "English"), as sites do, so a person who cannot read the current one still finds it.
 */
export function languageSwitch(text: PageText, button: HTMLButtonElement): void {
  const show = () => {
    const other: PageLanguage = text.language === 'en' ? 'ar' : 'en';
    button.textContent = CATALOGS[other]['language.name'];
    button.lang = other;
    button.dir = DIRECTION[other];
    button.dataset.language = other;
    button.title = CATALOGS[other]['language.switch'];
  };
  button.addEventListener('click', () => {
    text.use(button.dataset.language as PageLanguage, { chosen: true });
  });
  text.onChange(show);
  show();
}

/**
 * A page's text in the language the person chose with the switch, else the browser's, with the
 * page's switch (`#language-switch`) wired to it.
 */
export function pageText(): PageText {
  const text = new PageText(chosenLanguage() ?? browserLanguage());
  languageSwitch(text, document.getElementById('language-switch') as HTMLButtonElement);
  return text;
}
