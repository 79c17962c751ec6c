/**
 * The name a browser acts on, from a recorded tag or attribute name. The player rebuilds SVG
 * elements with `createElementNS(svg, tagName)`, which reads `svg:script` as the prefix `svg`
 * and the local name `script`: a real SVG script. So names are compared by their local part,
 * case-insensitively, whatever prefix a recording puts in front.
 */
export function localName(qualifiedName: string): string {
  const name = qualifiedName.trim().toLowerCase();
  return name.slice(name.lastIndexOf(':') + 1);
}
