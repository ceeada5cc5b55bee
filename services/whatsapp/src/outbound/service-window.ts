import type { Language } from '@support/contracts';
import { replyLanguage } from '@support/policy';
import type { WireOutgoingMessage } from '../graph/graph-wire.js';

/** WhatsApp's customer-service window: free-form messages for 24 hours after the customer's last. */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

/**
 * A template body (its own words and the parameter) holds 1,024 characters: the parameter keeps
 * the rest for the template's words.
 */
export const TEMPLATE_PARAMETER_MAX_CHARS = 900;

/** Whether a free-form message may still go to a customer who last wrote at `lastInboundAt`. */
export function windowOpen(lastInboundAt: Date, now: Date): boolean {
  return now.getTime() - lastInboundAt.getTime() < SERVICE_WINDOW_MS;
}

export interface ReplyTemplate {
  readonly name: string;
  /** Meta's language codes the template is approved in (`en`, `en_US`, `ar`), preferred first. */
  readonly languages: readonly string[];
}

/**
 * A reply as the approved template with one body parameter, `{{1}}`: the text on one line
 * (Meta refuses parameters with line breaks, tabs or more than four spaces in a row), cut at a
 * word with "…" past the limit; in the template language matching the reply's.
 */
export function templateMessage(
  template: ReplyTemplate,
  text: string,
  language: Language,
): { message: WireOutgoingMessage; language: string; cut: boolean } {
  const flat = text
    .replace(/\s*[\r\n\t]+\s*/g, ' ')
    .replace(/ {5,}/g, ' ')
    .trim();
  const cut = flat.length > TEMPLATE_PARAMETER_MAX_CHARS;
  const parameter = cut ? `${cutAtWord(flat, TEMPLATE_PARAMETER_MAX_CHARS - 1)}…` : flat;
  const wanted = replyLanguage(language);
  const code =
    template.languages.find((l) => l.toLowerCase().split(/[_-]/)[0] === wanted) ??
    template.languages[0]!;
  return {
    message: {
      type: 'template',
      template: {
        name: template.name,
        language: { code },
        components: [{ type: 'body', parameters: [{ type: 'text', text: parameter }] }],
      },
    },
    language: code,
    cut,
  };
}

function cutAtWord(text: string, max: number): string {
  const space = text.lastIndexOf(' ', max);
  return (space > max / 2 ? text.slice(0, space) : text.slice(0, max)).trimEnd();
}
