/** Something that must not be found in storage, as the bytes to look for. */
export interface Needle {
  readonly name: string;
  readonly bytes: Buffer;
}

/**
 * The forms a customer's words and bytes can take in storage: as written (UTF-8), in base64 and
 * base64url (at each of the three alignments a substring can fall at; what `pd0`, JSON of bytes
 * and a WhatsApp message id use), and in hex (what Postgres prints for bytea).
 */
export function needlesOf(name: string, bytes: Buffer): Needle[] {
  const forms: Needle[] = [{ name, bytes }];
  for (let shift = 0; shift < 3; shift += 1) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    // Characters that depend on the unknown neighbours at either end are left out.
    const skip = Math.ceil((shift * 4) / 3);
    const usable = Math.floor(((shift + bytes.length) * 4) / 3);
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = padded.toString(encoding).slice(skip, usable);
      if (text.length >= 8)
        forms.push({ name: `${name} (${encoding}@${shift})`, bytes: Buffer.from(text) });
    }
  }
  forms.push({ name: `${name} (hex)`, bytes: Buffer.from(bytes.toString('hex')) });
  return forms;
}

/** The names of the needles `haystack` holds (none: nothing leaked). */
export function needlesIn(haystack: Buffer | string, needles: readonly Needle[]): string[] {
  const bytes = typeof haystack === 'string' ? Buffer.from(haystack) : haystack;
  return needles.filter((needle) => bytes.includes(needle.bytes)).map((needle) => needle.name);
}
