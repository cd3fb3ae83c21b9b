// Types of the vsh Node package: the shapes of just-bash 3.4's Bash,
// IFileSystem and custom commands, so code written for just-bash compiles
// unchanged.

export type FileContent = string | Uint8Array;
export type LazyFileProvider = () => FileContent | Promise<FileContent>;
export interface FileInit {
  content: FileContent | LazyFileProvider;
  mode?: number;
  mtime?: Date | number;
}
export type InitialFiles = Record<string, FileContent | FileInit | LazyFileProvider>;

export type BufferEncoding = "utf8" | "utf-8" | "ascii" | "binary" | "latin1" | "base64" | "hex";
export interface ReadFileOptions {
  encoding?: BufferEncoding | null;
}
export interface WriteFileOptions {
  encoding?: BufferEncoding;
}
export interface FsStat {
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
  mode: number;
  size: number;
  mtime: Date;
  atime: Date;
  nlink: number;
  ino: number;
  type: "file" | "directory" | "symlink" | "device" | "fifo" | "unknown";
}
export interface DirentEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}
export interface MkdirOptions {
  recursive?: boolean;
}
export interface RmOptions {
  recursive?: boolean;
  force?: boolean;
}
export interface CpOptions {
  recursive?: boolean;
}

/** just-bash's IFileSystem; every verb acts on the tree the shell runs on. */
export interface IFileSystem {
  readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string>;
  readFileBuffer(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void>;
  appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FsStat>;
  lstat(path: string): Promise<FsStat>;
  mkdir(path: string, options?: MkdirOptions): Promise<void>;
  readdir(path: string): Promise<string[]>;
  readdirWithFileTypes(path: string): Promise<DirentEntry[]>;
  rm(path: string, options?: RmOptions): Promise<void>;
  cp(src: string, dest: string, options?: CpOptions): Promise<void>;
  mv(src: string, dest: string): Promise<void>;
  resolvePath(base: string, path: string): string;
  getAllPaths(): string[];
  chmod(path: string, mode: number): Promise<void>;
  symlink(target: string, linkPath: string): Promise<void>;
  link(existingPath: string, newPath: string): Promise<void>;
  readlink(path: string): Promise<string>;
  realpath(path: string): Promise<string>;
  utimes(path: string, atime: Date | number, mtime: Date | number): Promise<void>;
}

export declare class InMemoryFs implements IFileSystem {
  constructor(initialFiles?: InitialFiles, options?: { maxBytes?: number });
  readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string>;
  readFileBuffer(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void>;
  writeFileSync(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): void;
  appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FsStat>;
  lstat(path: string): Promise<FsStat>;
  mkdir(path: string, options?: MkdirOptions): Promise<void>;
  mkdirSync(path: string, options?: MkdirOptions): void;
  readdir(path: string): Promise<string[]>;
  readdirWithFileTypes(path: string): Promise<DirentEntry[]>;
  rm(path: string, options?: RmOptions): Promise<void>;
  cp(src: string, dest: string, options?: CpOptions): Promise<void>;
  mv(src: string, dest: string): Promise<void>;
  resolvePath(base: string, path: string): string;
  getAllPaths(): string[];
  chmod(path: string, mode: number): Promise<void>;
  symlink(target: string, linkPath: string): Promise<void>;
  link(existingPath: string, newPath: string): Promise<void>;
  readlink(path: string): Promise<string>;
  realpath(path: string): Promise<string>;
  utimes(path: string, atime: Date | number, mtime: Date | number): Promise<void>;
}

export interface OverlayFsOptions {
  /** Host folder shown read-only; writes stay in memory. */
  root: string;
  /** Where it appears (default /home/user/project). */
  mountPoint?: string;
  readOnly?: boolean;
  allowSymlinks?: boolean;
}
export declare class OverlayFs extends InMemoryFs {
  constructor(options: OverlayFsOptions);
  readonly root: string;
  readonly mountPoint: string;
  getMountPoint(): string;
}
export declare class MountableFs extends InMemoryFs {
  constructor(options?: { base?: InMemoryFs; mounts?: { mountPoint: string; filesystem: OverlayFs }[] });
  mount(mountPoint: string, filesystem: OverlayFs): void;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  env?: Record<string, string>;
}
export interface BashExecResult extends ExecResult {
  /** Every scalar variable of the shell as the script ended. */
  env: Record<string, string>;
}
export interface CommandExecOptions {
  cwd?: string;
  env?: Record<string, string>;
  stdin?: string;
  stdinKind?: "text" | "bytes";
}
export interface CommandContext {
  fs: IFileSystem;
  cwd: string;
  /** The command's exported environment. */
  env: Map<string, string>;
  exportedEnv: Record<string, string>;
  /** All of stdin, one char per byte (latin1). */
  stdin: string;
  limits: Record<string, number>;
  sleep: (ms: number) => Promise<void>;
  /** Runs a script nested in the calling shell (its variables, cwd, fs). */
  exec: (command: string, options?: CommandExecOptions) => Promise<ExecResult>;
}
export interface Command {
  name: string;
  trusted?: boolean;
  execute(args: string[], ctx: CommandContext): Promise<ExecResult | Partial<ExecResult>>;
}
export interface LazyCommand {
  name: string;
  load: () => Promise<Command>;
}
export type CustomCommand = Command | LazyCommand;
export declare function defineCommand(
  name: string,
  execute: (args: string[], ctx: CommandContext) => Promise<ExecResult | Partial<ExecResult>>,
  options?: { trusted?: boolean },
): Command;

export interface ExecutionLimits {
  maxCallDepth?: number;
  maxCommandCount?: number;
  maxLoopIterations?: number;
  maxExecutionTimeMs?: number;
  maxStringLength?: number;
  maxOutputSize?: number;
  maxBraceExpansionResults?: number;
  maxGlobOperations?: number;
  maxSubstitutionDepth?: number;
  maxFileSystemBytes?: number;
  [other: string]: number | undefined;
}
export type ExecutionLimitProfile = "normal" | "hardened";
export interface BashLogger {
  info(message: string, data?: Record<string, unknown>): void;
  debug(message: string, data?: Record<string, unknown>): void;
}
export interface BashOptions {
  files?: InitialFiles;
  env?: Record<string, string>;
  cwd?: string;
  fs?: InMemoryFs;
  executionLimits?: ExecutionLimits;
  executionLimitProfile?: ExecutionLimitProfile;
  /** @deprecated use executionLimits */
  maxCallDepth?: number;
  /** @deprecated use executionLimits */
  maxCommandCount?: number;
  /** @deprecated use executionLimits */
  maxLoopIterations?: number;
  /** What curl and wget may reach (default: nothing). */
  network?: {
    allowedUrlPrefixes?: (string | { url: string; headers?: Record<string, string> })[];
    allowedMethods?: string[];
    dangerouslyAllowFullInternetAccess?: boolean;
    allowPrivateHosts?: boolean;
    maxRedirects?: number;
    timeoutMs?: number;
    maxResponseSize?: number;
  };
  /** Only these built-in commands exist (shell builtins always do). */
  commands?: string[];
  /** The sleep command waits on it (mock clocks); also ctx.sleep. */
  sleep?: (ms: number) => Promise<void>;
  customCommands?: CustomCommand[];
  logger?: BashLogger;
  processInfo?: { pid?: number; ppid?: number; uid?: number; gid?: number };
}
export interface ExecOptions {
  env?: Record<string, string>;
  replaceEnv?: boolean;
  cwd?: string;
  /** Accepted; leading whitespace never changes what vsh runs. */
  rawScript?: boolean;
  stdin?: string;
  stdinKind?: "text" | "bytes";
  signal?: AbortSignal;
  /** Appended, quoted, to the first command. */
  args?: string[];
}
export declare class Bash {
  readonly fs: InMemoryFs;
  constructor(options?: BashOptions);
  /** Throws while an exec of this Bash is running (register commands
   * before or between execs: the shell's command table is not locked). */
  registerCommand(command: CustomCommand): void;
  exec(commandLine: string, options?: ExecOptions): Promise<BashExecResult>;
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: FileContent): Promise<void>;
  getCwd(): string;
  getEnv(): Record<string, string>;
  /** Releases the native shell now (it is also released when collected). */
  dispose(): void;
}
export declare function decodeBytes(buf: Uint8Array): string;
export declare function decodeBytesToUtf8(s: string): string;
export declare const VERSION: string;
export default Bash;
