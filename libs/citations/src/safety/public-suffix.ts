import { parse } from 'tldts';

/**
 * Whether `host` is a public suffix of the Public Suffix List (via `tldts`, which ships the list):
 * an ICANN suffix such as `com.sa` or `co.uk`, or a private one such as `github.io`, under which
 * anyone can register a name. Allowing links to one allows links to everyone's site beneath it.
 */
export function isPublicSuffix(host: string): boolean {
  const normalized = host.trim().toLowerCase().replace(/\.$/, '');
  return parse(normalized, { allowPrivateDomains: true }).domain === null;
}

/** Why `host` may not be allowed as a link host: undefined for a host of one owner. */
export function publicSuffixProblem(host: string): string | undefined {
  return isPublicSuffix(host)
    ? `must name the shop's own hosts, got the public suffix "${host}": anyone can register a site under it`
    : undefined;
}
