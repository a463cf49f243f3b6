export { LANGS, type Lang } from "./grammar.js";
export { DEFAULT_HORIZON_MS, type PhraseOptions, type PhraseReading, parsePhrase } from "./parse-phrase.js";
