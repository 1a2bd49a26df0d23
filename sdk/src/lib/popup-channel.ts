// The message the callback page inside the popup sends the window that opened it (by postMessage
// to this origin, or on a BroadcastChannel named by the state when COOP cut the opener off).

export const POPUP_MESSAGE = 'popup_auth';
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
export function stateChannel(win: Window, state: string, onData: (data: unknown) => void): BroadcastChannel | undefined {
  const Channel = (win as Window & typeof globalThis).BroadcastChannel;
  return Channel && Object.assign(new Channel(state), { onmessage: ({ data }: MessageEvent) => onData(data) });
}
