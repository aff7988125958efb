// Replaced by the Store work.
