/** The sending state inside a button: a small spinner; the button keeps its name and is disabled meanwhile. */
export function Busy({ on }: { on: boolean }) {
  return on ? <span className="spinner auth-busy" aria-hidden="true" /> : null;
}
