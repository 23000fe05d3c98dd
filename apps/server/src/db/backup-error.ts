/** A refusal or failure the user can act on: the CLI prints its message alone, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}
