/** Printed after `trove --help`: what scripts need to know beyond the option list. */
export const HELP_EPILOGUE = `
Environment:
  TROVE_API_KEY      API key to use instead of the one in the keychain
  TROVE_SERVICE_URL  service base URL (like --service-url)
  TROVE_DATA_DIR     data directory (like --data-dir)

Exit codes:
  0 all done             1 some items failed     2 usage error
  3 final API error      4 key missing/invalid   5 out of credits
  6 download or merge failure                    130 interrupted (Ctrl-C)
  7 all done, but an extra asked for (subtitles, the file's details) could not be had
`;
