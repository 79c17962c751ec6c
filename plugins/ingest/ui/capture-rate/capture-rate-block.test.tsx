// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, cleanup, click, fakeAccount, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { CaptureRateBlock, readRate } from './capture-rate-block.js';

afterEach(cleanup);

const rateField = () => document.querySelector<HTMLInputElement>('input[name="captureRate"]')!;
const captureAll = () => document.querySelector<HTMLInputElement>('input[role="switch"]')!;

describe('readRate', () => {
  it('takes a whole number from 0 to 100 and says what to type otherwise', () => {
    expect(readRate(' 35 ')).toEqual({ rate: 35 });
    expect(readRate('0')).toEqual({ rate: 0 });
    for (const text of ['', '101', '-1', '2.5', 'all']) expect(readRate(text), text).toEqual({ error: 'Enter the capture rate as a whole number from 0 to 100.' });
  });
});

describe('CaptureRateBlock', () => {
  it("shows the account's rate and saves a new one for admins", async () => {
    const host = fakeHost({ routes: { 'GET /sample_rate': () => ({ rate: 0, captureAll: true }), 'POST /sample_rate': (_path, body) => body } });
    const { container } = renderPage(<CaptureRateBlock projectId={7} />, '/', '*', { host });
    await settle();
    expect(captureAll().checked).toBe(true);
    expect(rateField().disabled).toBe(true);
    await click(captureAll());
    typeInto(rateField(), '101');
    await click(buttonNamed(container, 'Save capture rate'));
    expect(container.textContent).toContain('Enter the capture rate as a whole number from 0 to 100.');
    expect(host.api.post).not.toHaveBeenCalled();
    typeInto(rateField(), '25');
    await click(buttonNamed(container, 'Save capture rate'));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith('/sample_rate', { rate: 25, captureAll: false });
  });

  it('is read-only for members', async () => {
    const host = fakeHost({ account: fakeAccount({ admin: false, superAdmin: false, permissions: ['SESSION_REPLAY'] }), routes: { 'GET /sample_rate': () => ({ rate: 40, captureAll: false }) } });
    const { container } = renderPage(<CaptureRateBlock projectId={7} />, '/', '*', { host });
    await settle();
    expect(rateField().value).toBe('40');
    expect(container.querySelector('fieldset')!.disabled).toBe(true);
    expect(container.textContent).not.toContain('Save capture rate');
  });
});
