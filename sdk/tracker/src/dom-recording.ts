import { record } from '@rrweb/record';
import { rrwebPrivacyOptions, type PrivacyRules } from './masking';
import { DEFAULTS } from './options';
import type { RecordingEvent } from './protocol';

/** rrweb's DomContentLoaded and Load markers: they carry nothing, and the full snapshot must come first. */
const MARKERS = 1;

/**
 * The DOM recording (rrweb) that replays are made of. rrweb's canvas, font and image inlining stay
 * off: `build.mjs` cuts rrweb's code for them from the bundle, and rrweb then refuses them. Canvas
 * pictures and `blob:` images are recorded by lighter code of the tracker's own
 * (`canvas-recording.ts`, `blob-images.ts`).
 * Started while the page is still loading, the first snapshot is taken once the document is
 * parsed (DOMContentLoaded), not after every image loaded, so the load itself is replayable.
 * Returns what stops the recording, or undefined when the page cannot be recorded.
 */
export function startDomRecording(
  rules: PrivacyRules,
  emit: (event: RecordingEvent) => void,
  onUnavailable: (error: unknown) => void,
): (() => void) | undefined {
  try {
    return (
      record({
        emit: (event) => {
          if (event.type > MARKERS) emit(event as never);
        },
        recordAfter: 'DOMContentLoaded',
        checkoutEveryNms: DEFAULTS.checkoutEveryNms,
        ...(rrwebPrivacyOptions(rules) as object),
        slimDOMOptions: { script: true, comment: true, headFavicon: true, headWhitespace: true, headMetaVerification: true },
        // rrweb throttles media events per kind across all elements and keeps the first of a
        // burst: with 800 ms, pausing then seeking two players lost the second one's pause and
        // seek, and the replay played it on. Media events are few (a 0 would mean rrweb's 500).
        sampling: { mousemove: 50, scroll: 150, media: 1, input: 'last' },
        recordCanvas: false,
        collectFonts: false,
        inlineImages: false,
        // rrweb's own failures must never surface in the site.
        errorHandler: () => true,
      }) || undefined
    );
  } catch (error) {
    onUnavailable(error);
    return undefined;
  }
}

/** A node's id in the DOM recording; -1 when it is not recorded (blocked, or not yet seen). */
export function recordedNodeId(node: Node): number {
  return record.mirror.getId(node);
}

/** The node with this id in the DOM recording, or null. */
export function recordedNode(id: number): Node | null {
  return record.mirror.getNode(id);
}

/** A full DOM snapshot now, so the replay can start here (after data was lost, or a new session). */
export function takeFullSnapshot(): void {
  try {
    record.takeFullSnapshot(true);
  } catch {
    // Not recording (stopped meanwhile): nothing to snapshot.
  }
}
