"""The season workbook: its columns, the writer, the reader, the check and the download cache.

One package for the file the secretary downloads and imports again (docs/architecture.md,
docs/secretary-guide.md). Nothing here reads the database: ``workbook/selectors.py`` reads the
season and passes plain rows down; the import's writes are ``workbook/services.py``'s.
"""
