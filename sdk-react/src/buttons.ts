import type { GidButtonConfig, GidClient } from '@gid/sdk';

export type ButtonOptions = Omit<GidButtonConfig, 'container'>;

/** Where `<GidLoginButton>`s draw the SDK's button: one per provider. */
export interface ButtonSlots {
  /** Registers an element to draw a button into (at once, if there is a client) and returns its removal. */
  attach(element: HTMLElement, options: ButtonOptions): () => void;
  /** Sets the client that draws (undefined: none any more) and draws every registered element again. */
  use(client: GidClient | undefined): void;
}

interface Slot {
  element: HTMLElement;
  options: ButtonOptions;
  /** Removes the button drawn into the element, if any. */
  remove?: () => void;
}

/**
 * The provider's button slots. `init` hands out its client at once, before its promise settles
 * (the remote config can take seconds), so the buttons are drawn as soon as that client exists,
 * without waiting for React to render again; a slot attached later is drawn as it is attached.
 */
export function createButtonSlots(): ButtonSlots {
  let client: GidClient | undefined;
  const slots = new Set<Slot>();
  const draw = (slot: Slot) => {
    slot.remove?.();
    slot.remove = client?.renderButton?.(slot.element, slot.options);
  };
  return {
    attach(element, options) {
      const slot: Slot = { element, options };
      slots.add(slot);
      draw(slot);
      return () => {
        slots.delete(slot);
        slot.remove?.();
      };
    },
    use(next) {
      client = next;
      for (const slot of slots) draw(slot);
    },
  };
}
