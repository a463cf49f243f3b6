import type { DesktopNote } from "../../ports/desktop-notifier.js";

/** A program to run with its arguments, the environment it needs beyond the process's, and what to tell a user who lacks it. */
export interface NotifierCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** How to get the program, for the error when it is missing. */
  install: string;
}

/**
 * The Desktop Notifications spec lets servers read the body as markup (`<b>`, `<a href>`), and
 * its escaping is XML's; a digest's text comes from feed authors and models, so it is escaped
 * and can add no link.
 */
const escapeMarkup = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A toast through the WinRT API that Windows PowerShell 5.1 (on every Windows 10 and 11) can
 * reach, under PowerShell's own app id, since an unpackaged program has none registered. The
 * text arrives in environment variables and is set with CreateTextNode, so no quoting of the
 * text is involved anywhere (PowerShell parses neither it nor the XML).
 */
const WINDOWS_TOAST = [
  "$ErrorActionPreference = 'Stop'",
  "[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] | Out-Null",
  "$xml = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02)",
  "$lines = $xml.GetElementsByTagName('text')",
  "$lines.Item(0).AppendChild($xml.CreateTextNode($env:DUELY_NOTE_TITLE)) | Out-Null",
  "$lines.Item(1).AppendChild($xml.CreateTextNode($env:DUELY_NOTE_BODY)) | Out-Null",
  "$app = '{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe'",
  "[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier($app).Show([Windows.UI.Notifications.ToastNotification]::new($xml))",
].join("\n");

/**
 * The command that shows `note` on `platform`: notify-send (libnotify) on Linux and the BSDs,
 * osascript's `display notification` on macOS, a PowerShell toast on Windows. The text is
 * always an argument or a variable of its own, never part of a script, so it cannot inject.
 */
export function notifierCommand(platform: NodeJS.Platform, note: DesktopNote): NotifierCommand {
  if (platform === "darwin") {
    // `on run argv` receives the arguments after the script; `--` ends osascript's own options.
    const script = ["on run argv", 'display notification (item 2 of argv) with title "duely" subtitle (item 1 of argv)', "end run"];
    return {
      file: "osascript",
      args: [...script.flatMap((line) => ["-e", line]), "--", note.title, note.body],
      env: {},
      install: "osascript is part of macOS",
    };
  }
  if (platform === "win32") {
    return {
      file: "powershell.exe",
      args: ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-EncodedCommand", Buffer.from(WINDOWS_TOAST, "utf16le").toString("base64")],
      env: { DUELY_NOTE_TITLE: note.title, DUELY_NOTE_BODY: note.body },
      install: "Windows PowerShell is part of Windows 10 and 11",
    };
  }
  return {
    file: "notify-send",
    args: ["--app-name=duely", "--", note.title, escapeMarkup(note.body)],
    env: {},
    install: "install libnotify (Debian/Ubuntu: apt install libnotify-bin; Fedora: dnf install libnotify)",
  };
}
