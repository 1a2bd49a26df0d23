// The message the callback page inside the popup sends the window that opened it (by postMessage
// to this origin, or on a BroadcastChannel named by the state when COOP cut the opener off).

export const POPUP_MESSAGE = 'popup_auth';
/**
 * The name of the window the SDK opens for a popup sign-in. The callback page hands its answer to
 * its opener only inside a window of this name (bug: any same-origin opener was taken for ours).
 */
export const POPUP_NAME = 'gid_auth';
/** The name of the hidden iframe of a silent sign-in: its callback page hands the answer to the parent. */
export const SILENT_NAME = 'gid_silent';
/** The channel a popup cut off by COOP asks its opener on when it has no state to name one by (a `quuid`). */
export const clientChannel = (clientId: string): string => `${POPUP_NAME}:${clientId}`;
export const POPUP_ACK = 'popup_auth_ack';

export interface PopupMessage {
  name: typeof POPUP_MESSAGE;
  url: string;
}

export const isPopupMessage = (data: unknown): data is PopupMessage =>
  (data as PopupMessage | null)?.name === POPUP_MESSAGE && typeof (data as PopupMessage).url === 'string';

/**
 * Listens on the BroadcastChannel named by a flow's state (how a popup whose opener COOP cut off
 * and its opener still reach each other); undefined where there is no BroadcastChannel.
 */
export function stateChannel(win: Window, name: string, onData: (data: unknown) => void): BroadcastChannel | undefined {
  const Channel = (win as Window & typeof globalThis).BroadcastChannel;
  return Channel && Object.assign(new Channel(name), { onmessage: ({ data }: MessageEvent) => onData(data) });
}
