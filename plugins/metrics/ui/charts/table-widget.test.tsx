// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, buttonNamed, cleanup, click, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { tableChart } from '../../testing/ui-fixtures.js';
import { TableWidget } from './table-widget.js';

afterEach(cleanup);

const rows = Array.from({ length: 8 }, (_, i) => [`Browser ${i + 1}`, 100 - i * 10] as [string, number]);

describe('the table widget', () => {
  it("shows 5 rows then 'N More'; 3 when small; a row click asks for its sessions", async () => {
    const onRow = vi.fn();
    const { container } = renderPage(<TableWidget chart={tableChart(rows)} onRow={onRow} />);
    expect(allByTestId(container, 'metric-table-row')).toHaveLength(5);
    await click(buttonNamed(container, '3 More'));
    expect(allByTestId(container, 'metric-table-row')).toHaveLength(8);
    expect(buttonNamed(container, '3 More')).toBeNull();
    await click(allByTestId(container, 'metric-table-row')[1]!.querySelector('button'));
    expect(onRow).toHaveBeenCalledWith('Browser 2');
    cleanup();
    const small = renderPage(<TableWidget chart={tableChart(rows)} small />);
    expect(allByTestId(small.container, 'metric-table-row')).toHaveLength(3);
    expect(buttonNamed(small.container, '5 More')).not.toBeNull();
  });
});
