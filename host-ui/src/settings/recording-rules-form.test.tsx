// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGGER_OPTIONS, type Client } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byLabel, chooseOption, cleanup, click, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { RECORDING_RULES_SAVED, RecordingRulesForm } from './recording-rules-form.js';

afterEach(cleanup);

const CLIENT: Client = { tenantId: 1, name: 'Acme', loggerOptions: { ...DEFAULT_LOGGER_OPTIONS, allowedDomains: ['shop.example.com'] } };

function mount() {
  const saved: Client[] = [];
  const host = fakeHost({
    routes: {
      'PUT /client': (_path, body) => {
        const { loggerOptions } = body as { loggerOptions: Client['loggerOptions'] };
        return { ...CLIENT, loggerOptions: { ...loggerOptions!, allowedDomains: loggerOptions!.allowedDomains.map((d) => d.toLowerCase()) } };
      },
    },
  });
  const page = renderPage(<RecordingRulesForm client={CLIENT} onSaved={(c) => saved.push(c)} />, '/', '*', { host });
  return { host, page, saved };
}

describe("the organization's recording rules (Preferences › Account)", () => {
  it('shows what is saved, and saves every rule at once', async () => {
    const { host, page, saved } = mount();
    const c = page.container;
    expect(byLabel<HTMLTextAreaElement>(c, 'Allowed domains')!.value).toBe('shop.example.com');
    typeInto(byLabel<HTMLTextAreaElement>(c, 'IP allow-list')!, '203.0.113.7\n198.51.100.0/24\n');
    typeInto(byLabel<HTMLTextAreaElement>(c, 'Allowed domains')!, 'shop.example.com\n*.Example.org');
    await chooseOption(byLabel<HTMLSelectElement>(c, 'Default input mode')!, 'obscured');
    await click(byLabel(c, 'Obscure numbers'));
    await click(buttonNamed(c, 'Save Recording Rules'));
    await settle();
    expect(host.api.put).toHaveBeenCalledWith('/client', {
      loggerOptions: { ipWhitelist: ['203.0.113.7', '198.51.100.0/24'], allowedDomains: ['shop.example.com', '*.Example.org'], defaultInputMode: 'obscured', obscureEmailData: false, obscureNumericData: true },
    });
    expect(saved[0]!.loggerOptions!.allowedDomains).toEqual(['shop.example.com', '*.example.org']);
    expect(byLabel<HTMLTextAreaElement>(c, 'Allowed domains')!.value).toBe('shop.example.com\n*.example.org');
    expect(host.toast).toHaveBeenCalledWith(RECORDING_RULES_SAVED, 'success');
  });

  it('names a mistake before sending anything', async () => {
    const { host, page } = mount();
    typeInto(byLabel<HTMLTextAreaElement>(page.container, 'IP allow-list')!, '10.0.0.300');
    await click(buttonNamed(page.container, 'Save Recording Rules'));
    expect(page.container.textContent).toContain('ipWhitelist: "10.0.0.300" is not IP addresses or ranges');
    expect(host.api.put).not.toHaveBeenCalled();
  });
});
