// The official pack CLI ships no type declarations; these are the two functions Fray's build and tests call.
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackageOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    nedb?: boolean;
  }
  export function compilePack(src: string, dest: string, options?: PackageOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackageOptions & { clean?: boolean }): Promise<void>;
}
