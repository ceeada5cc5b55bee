import { stripCitations } from '../citations/strip-citations.js';
import { foldDotLookalikes } from './confusables.js';
import { isPublicSuffix } from './public-suffix.js';

// A dot between host labels: the full stop, and the ideographic full stop that browsers also read
// as one (NFKC has already folded the full-width and half-width forms into these two).
const DOT = '[.\\u3002]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
// A top-level domain is letters (any script: "متجر.السعودية"), or punycode.
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';
const WITH_SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/([^\s/?#<>"'()[\]{}]+)/giu;
const WITH_SCHEME_WHOLE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'()[\]{}]+/giu;
// Not preceded by a letter, digit, dash or dot, so a host is read whole; an e-mail address
// yields its host.
const BARE_HOST = new RegExp(
  `(?<![\\p{L}\\p{N}\\-.\\u3002])(?:${LABEL}${DOT})+${TLD}(?![\\p{L}\\p{N}-])`,
  'giu',
);
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/g;

/** The host of a URL's authority: no user info, no port, lowercase, plain dots, ASCII (punycode). */
function hostOf(authority: string): string {
  const host = authority
    .replace(/^.*@/, '')
    .replace(/:\d*$/, '')
    .replaceAll('\u3002', '.')
    .replace(/\.+$/, '')
    .toLowerCase();
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/** The text with its URLs, hosts and IP addresses blanked out: words a chunk cannot support. */
export function withoutLinks(text: string): string {
  return text.replace(WITH_SCHEME_WHOLE, ' ').replace(BARE_HOST, ' ').replace(IPV4, ' ');
}

/** Whether `host` is one of `allowed` or a subdomain of one. */
function isAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((base) => host === base || host.endsWith(`.${base}`));
}

/**
 * Allow-list entries in the form {@link hostOf} gives hosts ("Sanaa.com." → "sanaa.com"). A public
 * suffix ("co.uk", "github.io") allows nothing: under it, anyone's site would pass for the shop's.
 */
export function normalizeLinkHosts(hosts: readonly string[]): string[] {
  return hosts
    .map((host) => hostOf(host.trim()))
    .filter((host) => host.length > 0 && !isPublicSuffix(host));
}

/**
 * The hosts a sentence (already through `normalizeForChecks`) links to or names that are not in
 * `allowedHosts` (each allowing its subdomains too), in order, without duplicates: URLs with any
 * scheme, "www." and bare domains ("evil.example", "متجر.السعودية", an e-mail address's host,
 * "shop。evil.com", "sanaa∙evil.com" with any mark Unicode lists as confusable with a dot), and
 * IPv4 addresses. Hosts are compared lowercase and in punycode, so a look-alike letter from
 * another script does not pass for the shop's host.
 */
export function foreignHosts(sentence: string, allowedHosts: readonly string[]): string[] {
  // A reader takes "sanaa∙evil.com" for a host and types it with dots: so is it read here.
  const text = foldDotLookalikes(stripCitations(sentence));
  const allowed = normalizeLinkHosts(allowedHosts);
  const hosts = [
    ...[...text.matchAll(WITH_SCHEME)].map((match) => match[1] ?? ''),
    ...(text.match(BARE_HOST) ?? []),
    ...(text.match(IPV4) ?? []),
  ].map(hostOf);
  return [...new Set(hosts)].filter((host) => host.length > 0 && !isAllowed(host, allowed));
}
