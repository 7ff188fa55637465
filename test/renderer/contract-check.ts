import { commands } from '../../src/shared/contract';

/** Whether a request the renderer builds passes the Core's own strict input schema for jobs.add. */
export const commandsInputCheck = (input: unknown): boolean => commands['jobs.add'].input.safeParse(input).success;
