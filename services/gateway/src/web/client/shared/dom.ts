/**
 * Builds an element; text goes in as text, never as HTML (nothing from the server or a person is
 * ever parsed as markup), and its bidirectional controls are shown, never applied
 * ({@link withVisibleBidiControls}).
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = withVisibleBidiControls(text);
  return node;
}

let bidiControls: RegExp | undefined;

/**
 * Text as it was sent, not as it would render: a control that reorders what follows (U+202E) is
 * written as its code point ("[U+202E]"), so a reversed order id cannot pass for another. The
 * gateway refuses them in customer text, but events may come from elsewhere.
 */
export function withVisibleBidiControls(text: string): string {
  bidiControls ??= new RegExp(window.GatewayProtocol.bidiControlsPattern, 'gu');
  return text.replace(
    bidiControls,
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/**
 * The element with this id (the page has every one asked for); `_type` only tells the checker
 * which element it is.
 */
export function byId<T extends HTMLElement = HTMLElement>(id: string, _type?: new () => T): T {
  return document.getElementById(id) as T;
}

/** The part of `root` that `selector` names (the caller's markup has it). */
export function partOf<T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  selector: string,
  _type?: new () => T,
): T {
  return root.querySelector(selector) as T;
}

/** The page's own folder, whether or not its address ends with a slash. */
export function pageFolder(): URL {
  return new URL(location.href.replace(/[?#].*$/, '').replace(/\/?$/, '/'));
}
