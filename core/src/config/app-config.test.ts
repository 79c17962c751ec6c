import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './app-config.js';

describe('configuration', () => {
  it('defaults to the embedded setup on port 8080', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/cassette-config-test' });
    expect(config).toMatchObject({ port: 8080, dataDir: '/tmp/cassette-config-test', databaseUrl: undefined, redisUrl: undefined, trustProxy: false });
    expect(config.limits).toEqual({ sites: -1, teamMembers: -1 });
    expect(config.plugins.map((p) => p.id)).toEqual(expect.arrayContaining(['notifications', 'sessions']));
  });

  it('reads the outbound allowlist from the config file and CASSETTE_OUTBOUND_ALLOW_HOSTS, refusing malformed entries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cassette-config-'));
    const file = join(dir, 'cassette.json');
    writeFileSync(file, JSON.stringify({ plugins: {}, outbound: { allowHosts: ['assets.intranet:443'] } }));
    expect(loadConfig({ CASSETTE_CONFIG: file, CASSETTE_OUTBOUND_ALLOW_HOSTS: '127.0.0.1:18091, 127.0.0.1:18092' }).outboundAllowHosts).toEqual([
      'assets.intranet:443',
      '127.0.0.1:18091',
      '127.0.0.1:18092',
    ]);
    expect(loadConfig({}).outboundAllowHosts).toEqual([]);
    expect(() => loadConfig({ CASSETTE_OUTBOUND_ALLOW_HOSTS: '127.0.0.1' })).toThrow('Outbound allowlist entry "127.0.0.1" must be host:port');
    writeFileSync(file, JSON.stringify({ plugins: {}, outbound: { allowHosts: '127.0.0.1:1' } }));
    expect(() => loadConfig({ CASSETTE_CONFIG: file })).toThrow('outbound.allowHosts must be a list');
  });

  it('lets CASSETTE_PLUGINS choose the plugins for one run', () => {
    expect(loadConfig({ CASSETTE_PLUGINS: 'sessions' }).plugins.map((p) => p.id)).toEqual(['sessions']);
  });

  it('refuses a port that is not a number, saying which variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be an integer, got "eighty"');
  });

  it('serves metrics on a port of their own only when METRICS_PORT is set', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'prometheus' })).toThrow('METRICS_PORT must be an integer, got "prometheus"');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a port number (0-65535), got "70000"');
  });

  it('trusts X-Forwarded-For only when told', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1,10.0.0.2')).toBe('10.0.0.1,10.0.0.2');
  });
});
