import { Button, DEFAULT_TAG_COLOR, Input, PROJECT_TAGS_MAX, PROJECT_TAG_DESCRIPTION_MAX, PROJECT_TAG_NAME_MAX, type ProjectTagInput } from '@cassette/plugin-sdk/ui';

interface ProjectTagsEditorProps {
  tags: readonly ProjectTagInput[];
  onChange(tags: ProjectTagInput[]): void;
}

/** A project's tags (labels): name, colour, description and icon of each; saved with the project. */
export function ProjectTagsEditor({ tags, onChange }: ProjectTagsEditorProps) {
  const edit = (index: number, change: Partial<ProjectTagInput>) => onChange(tags.map((tag, i) => (i === index ? { ...tag, ...change } : tag)));
  return (
    <fieldset className="cs-fieldset cs-fieldset--group" data-testid="project-tags">
      <legend>Tags</legend>
      <p className="cs-muted">Labels for this project, such as its team or its stage. Names are up to {PROJECT_TAG_NAME_MAX} characters and differ from each other.</p>
      {tags.map((tag, index) => (
        <div key={tag.id ?? `new-${index}`} className="cs-stack cs-tag-editor" data-testid="project-tag">
          <div className="cs-tag-row">
            <Input label={`Tag ${index + 1} name`} value={tag.name} maxLength={PROJECT_TAG_NAME_MAX} onChange={(e) => edit(index, { name: e.target.value })} />
            <Input label="Color" type="color" value={tag.color || DEFAULT_TAG_COLOR} onChange={(e) => edit(index, { color: e.target.value })} />
            <Button variant="ghost" onClick={() => onChange(tags.filter((_, i) => i !== index))} aria-label={`Remove tag ${tag.name || index + 1}`}>
              Remove
            </Button>
          </div>
          <Input label="Description" value={tag.description ?? ''} maxLength={PROJECT_TAG_DESCRIPTION_MAX} onChange={(e) => edit(index, { description: e.target.value })} />
          <Input label="Icon URL" type="url" placeholder="https://…" value={tag.iconUrl ?? ''} onChange={(e) => edit(index, { iconUrl: e.target.value })} />
        </div>
      ))}
      <Button variant="secondary" disabled={tags.length >= PROJECT_TAGS_MAX} onClick={() => onChange([...tags, { name: '', color: DEFAULT_TAG_COLOR, description: '', iconUrl: '' }])}>
        Add tag
      </Button>
    </fieldset>
  );
}
