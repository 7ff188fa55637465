import type {
  CommandInput,
  CommandName,
  CommandResult,
  Envelope,
  EventName,
  EventPayload,
} from '../shared/contract';
import type { LibraryNotice } from '../shared/library-rebuild';

/**
 * The engine as every face sees it. `dispatch` takes untrusted input (from IPC, a
 * WebSocket or argv), validates it with the contract's schema and never throws: failures
 * come back as `{ ok: false, error }`. `call` is the same with typed input for callers
 * in this process (the CLI).
 */
export interface Core {
  readonly dataDir: string;
  /** See AppInfo.settingsReset: what the faces warn about once at start-up. */
  readonly settingsReset: readonly string[];
  /** See AppInfo.libraryNotice: the library was damaged (moved aside) or missing at start-up. */
  readonly libraryNotice: LibraryNotice | undefined;
  /**
   * Whether this Core runs the data folder's jobs. False for a query (startQueue false) and
   * while another process runs them: jobs added here wait in that process's queue, and their
   * changes are announced here as events (see jobs/other-writers-watch).
   */
  runsQueue(): boolean;
  dispatch(name: CommandName, input: unknown): Promise<Envelope<unknown>>;
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Envelope<CommandResult<N>>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Every event, for transports that forward them all (IPC, WebSocket). */
  onAny(listener: (name: EventName, payload: unknown) => void): () => void;
  /** Resolves when no job is queued or running (done, failed, canceled or paused remain). */
  idle(): Promise<void>;
  /**
   * Asks the balance now when charged calls still wait for it (the engine asks once a burst
   * is over): a face that ends soon after, like a CLI run, then has their costs in the ledger.
   */
  settleBalance(): Promise<void>;
  /** Pauses in-flight work, records it for the next start, closes the database. */
  close(): Promise<void>;
}
