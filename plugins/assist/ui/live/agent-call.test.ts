import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentCall } from './agent-call.js';

/** Records the configuration each peer connection is made with. */
class FakePeerConnection {
  static made: RTCConfiguration[] = [];
  onicecandidate = null;
  ontrack = null;
  onconnectionstatechange = null;
  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.made.push(configuration);
  }
  close() {}
}

describe("the agent's call", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakePeerConnection.made = [];
  });

  it('makes its peer connection with the ICE servers the call started with', () => {
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    const iceServers = [{ urls: ['stun:stun.example.test:3478'] }, { urls: ['turns:turn.example.test:5349'], username: 'agent', credential: 'relay-secret' }];
    new AgentCall(iceServers, () => undefined, () => undefined, () => undefined).hangUp();
    expect(FakePeerConnection.made).toEqual([{ iceServers }]);
  });
});
