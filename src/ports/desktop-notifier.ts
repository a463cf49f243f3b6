/** One notification on the user's screen: a heading and a few lines of text, both plain text. */
export interface DesktopNote {
  title: string;
  body: string;
}

/**
 * Shows notifications on the desktop of the user this process runs as. `notify` resolves once
 * the OS accepted the notification (not when the user saw it) and rejects with an ActionFailure
 * saying whether trying again may help: a missing notifier program is permanent.
 */
export interface DesktopNotifier {
  notify(note: DesktopNote): Promise<void>;
  /**
   * Why no notification can be shown here at all (the notifier program is missing), with how to
   * fix it; null when one may be. Asked when a task names the `desktop` channel, so that a task
   * whose every run would fail is refused before its first run. Null does not promise success.
   */
  unavailable(): string | null;
}
