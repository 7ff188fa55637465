import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where downloads go when neither the settings nor the face name a folder. */
export const defaultDownloadFolder = (): string => join(homedir(), 'Downloads', 'Trove');
