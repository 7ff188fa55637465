import { stat } from 'node:fs/promises';

/** Whether a checkpointed path is still there: a file the user deleted since is fetched or made again. */
export const onDisk = (path: string | undefined): Promise<boolean> =>
  path === undefined
    ? Promise.resolve(false)
    : stat(path).then(
        () => true,
        () => false,
      );
