import type { RtcSignal } from '../../shared/messages.js';

/**
 * The agent's side of a call: WebRTC with the visitor's page, signalling over the live channel.
 * The agent makes the offer once the visitor accepted; media flows peer to peer (or through the
 * account's TURN servers), never through Cassette.
 */
export class AgentCall {
  private readonly peer: RTCPeerConnection;
  private local: MediaStream | null = null;

  constructor(
    iceServers: RTCIceServer[],
    private readonly signal: (signal: RtcSignal) => void,
    onRemote: (stream: MediaStream) => void,
    onConnected: (connected: boolean) => void,
  ) {
    this.peer = new RTCPeerConnection({ iceServers });
    this.peer.onicecandidate = (event) => {
      if (event.candidate) this.signal({ kind: 'candidate', candidate: event.candidate.candidate, sdpMid: event.candidate.sdpMid, sdpMLineIndex: event.candidate.sdpMLineIndex });
    };
    this.peer.ontrack = (event) => onRemote(event.streams[0] ?? new MediaStream([event.track]));
    this.peer.onconnectionstatechange = () => onConnected(this.peer.connectionState === 'connected');
  }

  async start(video: boolean): Promise<void> {
    this.local = await navigator.mediaDevices.getUserMedia({ audio: true, video });
    for (const track of this.local.getTracks()) this.peer.addTrack(track, this.local);
    const offer = await this.peer.createOffer({ offerToReceiveAudio: true, offerToReceiveVideo: true });
    await this.peer.setLocalDescription(offer);
    this.signal({ kind: 'offer', sdp: offer.sdp ?? '' });
  }

  async receive(signal: RtcSignal): Promise<void> {
    if (signal.kind === 'answer') await this.peer.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
    else if (signal.kind === 'candidate') await this.peer.addIceCandidate({ candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex }).catch(() => undefined);
  }

  hangUp(): void {
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.peer.close();
  }
}
