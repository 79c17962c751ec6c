import type { CallIceServer, RtcSignal } from '../protocol';

/**
 * The visitor's side of a call: answers the agent's offer with the microphone (and camera when
 * asked), through the account's STUN/TURN servers the server sent with the call request.
 */
export class VisitorCall {
  private readonly peer: RTCPeerConnection;
  private local: MediaStream | null = null;

  constructor(
    private readonly video: boolean,
    iceServers: CallIceServer[],
    private readonly signal: (signal: RtcSignal) => void,
    onRemote: (stream: MediaStream) => void,
  ) {
    this.peer = new RTCPeerConnection({ iceServers });
    this.peer.onicecandidate = (event) => {
      if (event.candidate) this.signal({ kind: 'candidate', candidate: event.candidate.candidate, sdpMid: event.candidate.sdpMid, sdpMLineIndex: event.candidate.sdpMLineIndex });
    };
    this.peer.ontrack = (event) => onRemote(event.streams[0] ?? new MediaStream([event.track]));
  }

  async receive(signal: RtcSignal): Promise<void> {
    if (signal.kind === 'offer') {
      await this.peer.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      this.local = await navigator.mediaDevices.getUserMedia({ audio: true, video: this.video });
      for (const track of this.local.getTracks()) this.peer.addTrack(track, this.local);
      const answer = await this.peer.createAnswer();
      await this.peer.setLocalDescription(answer);
      this.signal({ kind: 'answer', sdp: answer.sdp ?? '' });
    } else if (signal.kind === 'candidate') {
      await this.peer.addIceCandidate({ candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex }).catch(() => undefined);
    }
  }

  hangUp(): void {
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.peer.close();
  }
}
