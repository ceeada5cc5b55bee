import { arabicVariants } from '../stem/arabic-light-stem.js';

const ARABIC = /[\u0600-\u06FF]/;

/**
 * The terms of `wanted` that `held` has: the same term, or for an Arabic term another form of
 * the same word (their `arabicVariants` meet: "تتوفر" and "متوفر", "لبطاق" and "بطاق").
 */
export function sharedTerms(wanted: Iterable<string>, held: ReadonlySet<string>): Set<string> {
  const shared = new Set<string>();
  let heldForms: Set<string> | undefined;
  for (const term of wanted) {
    if (held.has(term)) {
      shared.add(term);
      continue;
    }
    if (!ARABIC.test(term)) continue;
    heldForms ??= new Set(
      [...held].filter((h) => ARABIC.test(h)).flatMap((h) => arabicVariants(h)),
    );
    if (arabicVariants(term).some((form) => heldForms!.has(form))) shared.add(term);
  }
  return shared;
}
