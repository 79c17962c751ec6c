import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitorCall } from './visitor-call';

/** Records the configuration each peer connection is made with. */
class FakePeerConnection {
  static made: RTCConfiguration[] = [];
  onicecandidate = null;
  ontrack = null;
  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.made.push(configuration);
  }
  close() {}
}

describe("the visitor's call", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakePeerConnection.made = [];
  });

  it('makes its peer connection with the ICE servers of the call request', () => {
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    const iceServers = [{ urls: ['turn:turn.example.test:3478?transport=udp'], username: 'agent', credential: 'relay-secret' }];
    new VisitorCall(false, iceServers, () => undefined, () => undefined).hangUp();
    expect(FakePeerConnection.made).toEqual([{ iceServers }]);
  });
});
