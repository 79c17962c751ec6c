/**
 * A project's tags (labels), spec part 2 §3 "Project tag/label": id, color, description, name,
 * iconUrl. An admin edits the whole list in the project's settings; the server gives new tags
 * their id and keeps the id of a tag sent back with it.
 */
export interface ProjectTag {
  id: number;
  name: string;
  /** `#rgb` or `#rrggbb`. */
  color: string;
  description: string;
  /** An http(s) address of a small picture, or '' for none. */
  iconUrl: string;
}

/** A tag as an admin sends it: `id` only for one that exists already. */
export type ProjectTagInput = Partial<ProjectTag> & { name: string };

/** Editable text is 35 characters at most (spec part 2 §5). */
export const PROJECT_TAG_NAME_MAX = 35;
export const PROJECT_TAG_DESCRIPTION_MAX = 200;
export const PROJECT_TAGS_MAX = 30;
export const DEFAULT_TAG_COLOR = '#394eff';

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function iconUrlProblem(value: string): string | null {
  if (value === '') return null;
  if (value.length > 2048) return 'is longer than 2048 characters';
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'is not an http(s) address';
  } catch {
    return 'is not an address';
  }
}

/**
 * The list `PUT /projects/{id}` saves under `tags`, read against the tags stored now: names
 * trimmed and unique (any case), colours and icons checked, ids kept or given. Every refusal
 * names the tag and says what to send.
 */
export function readProjectTags(value: unknown, current: readonly ProjectTag[]): { tags: ProjectTag[]; errors: [] } | { tags: null; errors: string[] } {
  if (!Array.isArray(value)) return { tags: null, errors: ['tags must be a list of { name, color, description, iconUrl }.'] };
  if (value.length > PROJECT_TAGS_MAX) return { tags: null, errors: [`A project has at most ${PROJECT_TAGS_MAX} tags; ${value.length} were sent.`] };
  const errors: string[] = [];
  const known = new Set(current.map((t) => t.id));
  let nextId = Math.max(0, ...current.map((t) => t.id)) + 1;
  const names = new Set<string>();
  const ids = new Set<number>();
  const tags: ProjectTag[] = [];
  value.forEach((raw, index) => {
    const at = `Tag ${index + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      errors.push(`${at} must be an object such as { "name": "checkout" }.`);
      return;
    }
    const record = raw as Record<string, unknown>;
    const unknown = Object.keys(record).filter((k) => !['id', 'name', 'color', 'description', 'iconUrl'].includes(k));
    if (unknown.length > 0) errors.push(`${at}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).map((k) => `"${k.slice(0, 64)}"`).join(', ')}; use id, name, color, description, iconUrl.`);
    const name = typeof record.name === 'string' ? record.name.trim() : '';
    if (!name) errors.push(`${at} needs a name.`);
    else if (name.length > PROJECT_TAG_NAME_MAX) errors.push(`${at}: the name is longer than ${PROJECT_TAG_NAME_MAX} characters.`);
    else if (names.has(name.toLowerCase())) errors.push(`${at}: another tag is named "${name}"; names must differ.`);
    names.add(name.toLowerCase());
    const color = record.color === undefined || record.color === '' ? DEFAULT_TAG_COLOR : record.color;
    if (typeof color !== 'string' || !COLOR.test(color)) errors.push(`${at}: the color must be like #394eff.`);
    const description = record.description === undefined || record.description === null ? '' : record.description;
    if (typeof description !== 'string') errors.push(`${at}: the description must be text.`);
    else if (description.trim().length > PROJECT_TAG_DESCRIPTION_MAX) errors.push(`${at}: the description is longer than ${PROJECT_TAG_DESCRIPTION_MAX} characters.`);
    const iconUrl = record.iconUrl === undefined || record.iconUrl === null ? '' : record.iconUrl;
    const iconProblem = typeof iconUrl === 'string' ? iconUrlProblem(iconUrl.trim()) : 'must be text';
    if (iconProblem) errors.push(`${at}: the icon URL ${iconProblem}; leave it empty or give an http(s) address.`);
    let id: number;
    if (record.id === undefined || record.id === null) id = nextId++;
    else if (typeof record.id === 'number' && known.has(record.id) && !ids.has(record.id)) id = record.id;
    else {
      errors.push(`${at}: id ${String(record.id).slice(0, 20)} is not one of this project's tags; leave it out for a new tag.`);
      return;
    }
    ids.add(id);
    tags.push({ id, name, color: typeof color === 'string' ? color.toLowerCase() : DEFAULT_TAG_COLOR, description: typeof description === 'string' ? description.trim() : '', iconUrl: typeof iconUrl === 'string' ? iconUrl.trim() : '' });
  });
  return errors.length > 0 ? { tags: null, errors } : { tags, errors: [] };
}
