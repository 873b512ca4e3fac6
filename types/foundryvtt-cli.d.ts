// The official pack CLI ships no type declarations; these are the two functions Fray's build and tests call.
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackageOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    nedb?: boolean;
  }
  /** Called with each primary document read out of a pack (its embedded documents inside); `false` skips writing it. */
  export type EntryTransformer = (
    entry: Record<string, unknown> & { _id: string; name: string },
    context?: { documentType?: string },
  ) => Promise<false | void>;
  export function compilePack(src: string, dest: string, options?: PackageOptions): Promise<void>;
  export function extractPack(
    src: string,
    dest: string,
    options?: PackageOptions & { clean?: boolean; transformEntry?: EntryTransformer },
  ): Promise<void>;
}
