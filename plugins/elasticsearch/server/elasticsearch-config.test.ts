import { describe, expect, it } from 'vitest';
import { clusterOrigin, elasticsearchConfig, validateElasticsearchConfig } from './elasticsearch-config.js';

const VALID = { host: 'https://logs.example.com', apiKeyId: 'VuaCfGcBCdbkQm-e5aOx', apiKey: 'ui2lp2axTNmsyakw9tvNnw', indexes: '*log*', port: 9200 };

describe('Elasticsearch configuration (spec part 2 §5, §9)', () => {
  it('accepts a valid configuration, a bare host name and several index patterns', () => {
    expect(validateElasticsearchConfig(VALID)).toEqual({});
    expect(validateElasticsearchConfig({ ...VALID, host: 'logs.example.com', indexes: 'app-logs-*, api-*', port: '9243' })).toEqual({});
  });

  it('wants an API key id of exactly 20 characters and an API key of exactly 22', () => {
    expect(validateElasticsearchConfig({ ...VALID, apiKeyId: 'VuaCfGcBCdbkQm-e5aO', apiKey: 'ui2lp2axTNmsyakw9tvNnwx' })).toEqual({
      apiKeyId: 'API key id must be exactly 20 characters',
      apiKey: 'API key must be exactly 22 characters',
    });
    expect(validateElasticsearchConfig({ ...VALID, apiKeyId: `${VALID.apiKeyId}1` }).apiKeyId).toBe('API key id must be exactly 20 characters');
    expect(validateElasticsearchConfig({ ...VALID, apiKey: VALID.apiKey.slice(1) }).apiKey).toBe('API key must be exactly 22 characters');
  });

  it('wants a valid host, indexes and port', () => {
    expect(validateElasticsearchConfig({ ...VALID, host: '' }).host).toBe('Host is required');
    expect(validateElasticsearchConfig({ ...VALID, host: 'ftp://logs.example.com' }).host).toBe('Host must be an http or https address');
    expect(validateElasticsearchConfig({ ...VALID, host: 'https://logs.example.com:9200' }).host).toBe('Put the port in the Port field, not in the host');
    expect(validateElasticsearchConfig({ ...VALID, host: 'https://logs.example.com/kibana' }).host).toBe('Host must be the cluster address only, without a path');
    expect(validateElasticsearchConfig({ ...VALID, host: 'https://elastic:secret@logs.example.com' }).host).toBe('Host must not hold a user or password: the API key signs in');
    expect(validateElasticsearchConfig({ ...VALID, host: 'https://exa mple.com' }).host).toBe('Host must be a host name or an http(s) address, like https://logs.example.com');
    expect(validateElasticsearchConfig({ ...VALID, indexes: 'app logs' }).indexes).toBe('Indexes must be index names or patterns separated by commas, like *log*');
    expect(validateElasticsearchConfig({ ...VALID, indexes: 'logs,' }).indexes).toBe('Indexes must be index names or patterns separated by commas, like *log*');
    for (const port of [0, 65536, 92.5, 'http']) expect(validateElasticsearchConfig({ ...VALID, port }).port).toBe('Port must be a whole number from 1 to 65535');
  });

  it('applies the defaults: indexes *log*, port 9200, https when no scheme is given', () => {
    const config = elasticsearchConfig({ host: 'logs.example.com', apiKeyId: VALID.apiKeyId, apiKey: VALID.apiKey, indexes: '', port: '' });
    expect(config).toMatchObject({ indexes: '*log*', port: 9200 });
    expect(clusterOrigin(config.host, config.port)).toBe('https://logs.example.com:9200');
    expect(clusterOrigin('http://10.1.2.3', 9201)).toBe('http://10.1.2.3:9201');
  });
});
