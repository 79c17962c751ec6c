import type { ErrorTag } from '../../api.js';

const TAG_LABELS: Record<ErrorTag['name'], string> = { browser: 'Browser', os: 'OS', device: 'Device', country: 'Country', url: 'URL' };
const TAG_ORDER: ErrorTag['name'][] = ['browser', 'os', 'device', 'country', 'url'];

/** Top values per tag as horizontal bars (spec part 2 §9: top 5 per domain). */
export function ErrorTags({ tags }: { tags: ErrorTag[] }) {
  const shown = TAG_ORDER.map((name) => tags.find((t) => t.name === name)).filter((t): t is ErrorTag => t !== undefined && t.values.length > 0);
  if (shown.length === 0) return <p className="cs-muted">No tags recorded yet.</p>;
  return (
    <div className="cs-error-tags">
      {shown.map((tag) => (
        <section key={tag.name} className="cs-error-tag" data-testid={`tag-${tag.name}`}>
          <h3 className="cs-error-tag__name">{TAG_LABELS[tag.name]}</h3>
          <ul className="cs-error-tag__values">
            {tag.values.slice(0, 5).map((v) => (
              <li key={v.value} className="cs-error-tag__value" title={`${v.value}: ${v.count} occurrences`}>
                <span className="cs-error-tag__bar" style={{ width: `${Math.min(100, Math.max(0, v.percentage))}%` }} aria-hidden="true" />
                <span className="cs-error-tag__label">{v.value || 'Unknown'}</span>
                <span className="cs-error-tag__percent">{formatPercent(v.percentage)}</span>
              </li>
            ))}
            {tag.others > 0 && <li className="cs-error-tag__others cs-muted">and {tag.others} more occurrences elsewhere</li>}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function formatPercent(percentage: number): string {
  const rounded = Math.round(percentage * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}
