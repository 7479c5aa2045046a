// The parts of build.mjs that TypeScript calls (bench/http-kit.ts).
export declare const BENCH_BUILD_DIR: string;
export declare function buildBenchProcesses(scripts: string[]): Promise<void>;
