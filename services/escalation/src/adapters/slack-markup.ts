/**
 * Slack's message markup ("Formatting text for app surfaces", api.slack.com/reference/surfaces/
 * formatting): the `text` of a message event escapes `&`, `<` and `>` as `&amp;`, `&lt;`, `&gt;`
 * (and nothing else), and writes what the client showed as a chip between angle brackets:
 *
 * - `<https://x.example/a|label>`, `<https://x.example/a>`, `<mailto:a@x.example|a@x.example>`;
 * - `<@U0123>` (a user, shown by name), `<#C0123|general>` / `<#C0123>` (a channel);
 * - `<!here>`, `<!channel>`, `<!everyone>`, `<!subteam^S0123|@team>`, `<!date^…^…|fallback>`.
 *
 * {@link decodeSlackMarkup} turns that into the plain text the admin saw, for a customer who reads
 * no Slack: a labelled link keeps its label and its address, a user is their name, a channel its
 * `#name`, a broadcast (`@here`) or an id-only channel is dropped.
 */

const CHIP = /<([^<>]*)>/g;

/** The user ids `text` mentions (`<@U…>`), for looking their names up before decoding. */
export function mentionedUsers(text: string): string[] {
  const ids = [...text.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^<>]*)?>/g)].map((match) => match[1]!);
  return [...new Set(ids)];
}

/**
 * The text the admin saw. `names` maps user ids to display names; a user it lacks is left out,
 * never shown as an id. Runs of spaces left by removed chips collapse.
 */
export function decodeSlackMarkup(
  text: string,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const decoded = text.replace(CHIP, (_chip, inner: string) => chipText(inner, names));
  return unescapeEntities(decoded)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?،؛؟])/g, '$1')
    .trim();
}

function chipText(inner: string, names: ReadonlyMap<string, string>): string {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? '' : unescapeEntities(inner.slice(bar + 1)).trim();
  switch (target[0]) {
    case '@': {
      const name = names.get(target.slice(1)) ?? label.replace(/^@/, '');
      return name ? `@${name}` : '';
    }
    case '#':
      return label ? `#${label}` : '';
    case '!':
      return specialText(target.slice(1), label);
    default:
      return linkText(unescapeEntities(target), label);
  }
}

/** `<!…>`: broadcasts are Slack-only noise; a user group or a date shows its label. */
function specialText(command: string, label: string): string {
  if (command.startsWith('subteam^') || command.startsWith('date^')) return label;
  return '';
}

/** A link as text: "label (address)", or the address when the label is the address itself. */
function linkText(address: string, label: string): string {
  const shown = address.startsWith('mailto:') ? address.slice('mailto:'.length) : address;
  if (!label || label === shown || label === address) return shown;
  // The client shows only the label; the customer gets the address too, so the link check sees it.
  return `${label} (${shown})`;
}

/** Slack escapes exactly these three (the formatting reference, "Escaping text"). */
function unescapeEntities(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
