/** Words of the title the document id keeps (ids stay short enough to read in a citation). */
const SLUG_CHARS = 60;

/**
 * The knowledge-base document id of an article published from a draft: a slug of the title's Latin
 * letters and digits ("Do you deliver to Bahrain?" → "do-you-deliver-to-bahrain") followed by the
 * draft id's first eight hex digits, so two articles with one title stay two documents; a title
 * with no Latin letters (an Arabic one) gives `article-` and the draft id's first twelve. Never
 * the glossary's reserved id; matches the contract's /^[a-z0-9][a-z0-9-]{0,127}$/.
 */
export function articleDocId(title: string, draftId: string): string {
  const hex = draftId.toLowerCase().replace(/[^0-9a-f]/g, '');
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_CHARS)
    .replace(/-+$/, '');
  return slug ? `${slug}-${hex.slice(0, 8)}` : `article-${hex.slice(0, 12)}`;
}
