import { describe, expect, it } from 'vitest';
import { ICE_SERVERS_MAX, iceUrlError, readIceServers } from './ice-servers.js';

describe('readIceServers', () => {
  it('takes STUN and TURN servers, one address or a list, and normalizes them', () => {
    const read = readIceServers([
      { urls: ' stun:stun.example.com:3478 ' },
      { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349', 'turn:[2001:db8::1]:3478'], username: 'agent', credential: 's3cret' },
      { urls: 'stun:192.0.2.10', username: '', credential: '' },
    ]);
    expect(read.errors).toEqual([]);
    expect(read.servers).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
      { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349', 'turn:[2001:db8::1]:3478'], username: 'agent', credential: 's3cret' },
      { urls: ['stun:192.0.2.10'] },
    ]);
    expect(readIceServers([])).toEqual({ servers: [], errors: [] });
  });

  it('refuses addresses that are not STUN or TURN URIs, saying how to write one', () => {
    expect(iceUrlError('https://turn.example.com')).toMatch(/must start with stun:, turn: or turns:/);
    expect(iceUrlError('stun://stun.example.com')).toMatch(/must not have "\/\/"/);
    expect(iceUrlError('stun:stun.example.com:70000')).toMatch(/not a valid STUN address/);
    expect(iceUrlError('stun:stun.example.com?transport=udp')).toMatch(/not a valid STUN address/);
    expect(iceUrlError('turn:turn.example.com:3478?transport=sctp')).toMatch(/not a valid TURN address/);
    expect(iceUrlError('turn:bad host')).toMatch(/not a valid TURN address/);
    expect(iceUrlError('turn:turn.example.com:0')).toMatch(/not a valid TURN address/);
    expect(iceUrlError('turns:turn.example.com:5349')).toBeNull();
  });

  it('requires a username and a credential for TURN, and names the entry', () => {
    const read = readIceServers([{ urls: ['stun:a.example'] }, { urls: 'turn:turn.example.com', username: 'agent' }]);
    expect(read.servers).toBeNull();
    expect(read.errors).toEqual(['ICE server 2: a TURN server needs a username and a credential (the ones your TURN service gave you).']);
  });

  it('refuses wrong shapes with a message for each', () => {
    expect(readIceServers({ urls: 'stun:a.example' }).errors[0]).toMatch(/must be a list of servers/);
    expect(readIceServers(['stun:a.example']).errors[0]).toMatch(/ICE server 1 must be an object/);
    expect(readIceServers([{}]).errors[0]).toMatch(/ICE server 1: urls is required/);
    expect(readIceServers([{ urls: [42] }]).errors[0]).toMatch(/every address in urls must be text/);
    expect(readIceServers([{ urls: 'stun:a.example', password: 'x' }]).errors[0]).toMatch(/unknown field "password"/);
    expect(readIceServers([{ urls: 'turn:a.example', username: 'u', credential: 'x'.repeat(257) }]).errors[0]).toMatch(/credential may be at most 256/);
    expect(readIceServers(Array.from({ length: ICE_SERVERS_MAX + 1 }, () => ({ urls: 'stun:a.example' }))).errors[0]).toMatch(/At most 10 ICE servers/);
  });
});
