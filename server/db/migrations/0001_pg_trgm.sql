-- Trigram indexes make the events search ("contains", case-insensitive) use an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
