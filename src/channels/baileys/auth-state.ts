import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';

/** One key row to write; a null value deletes the row. */
export interface AuthKeyWrite {
  type: string;
  keyId: string;
  value: string | null;
}

/** The rows of one connection's credentials and signal keys. */
export interface AuthKeyStore {
  /** Only the requested rows, as keyId → serialised value. */
  read(type: string, keyIds: string[]): Promise<Map<string, string>>;
  /** Upserts and deletes in one transaction. */
  write(rows: AuthKeyWrite[]): Promise<void>;
  clear(): Promise<void>;
}

export interface StoredAuthState {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
}

const CREDS = 'creds';

const serialise = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const revive = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

/** Writes run one after the other, so an older write can never land after a newer one or after a clear. */
export function serialised(store: AuthKeyStore): AuthKeyStore {
  let tail: Promise<unknown> = Promise.resolve();
  const queue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work);
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    read: (type, keyIds) => store.read(type, keyIds),
    write: (rows) => queue(() => store.write(rows)),
    clear: () => queue(() => store.clear()),
  };
}

function reviveKey(type: keyof SignalDataTypeMap, text: string): unknown {
  const value = revive(text);
  // Baileys calls protobuf methods on these keys, so a plain object is not enough.
  return type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value as object) : value;
}

function changedRows(data: SignalDataSet): AuthKeyWrite[] {
  const rows: AuthKeyWrite[] = [];
  for (const [type, entries] of Object.entries(data)) {
    for (const [keyId, value] of Object.entries(entries ?? {})) {
      rows.push({ type, keyId, value: value == null ? null : serialise(value) });
    }
  }
  return rows;
}

/** A Baileys auth state over a key store: one row per key, only changed keys written. */
export async function loadAuthState(store: AuthKeyStore): Promise<StoredAuthState> {
  const saved = (await store.read(CREDS, [CREDS])).get(CREDS);
  const creds = saved ? (revive(saved) as AuthenticationCreds) : initAuthCreds();
  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const result: { [id: string]: SignalDataTypeMap[T] } = {};
          if (!ids.length) return result;
          for (const [id, text] of await store.read(type, ids)) result[id] = reviveKey(type, text) as SignalDataTypeMap[T];
          return result;
        },
        async set(data: SignalDataSet) {
          const rows = changedRows(data);
          if (rows.length) await store.write(rows);
        },
      },
    },
    // Baileys mutates `creds` in place before emitting creds.update, so this always writes the latest state.
    saveCreds: () => store.write([{ type: CREDS, keyId: CREDS, value: serialise(creds) }]),
  };
}
