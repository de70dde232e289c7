"""A request far larger than any backup is refused before it is read."""

from __future__ import annotations

import io


def test_an_upload_over_twenty_megabytes_is_refused_with_413_and_imports_nothing(client, sign_up):
    sign_up(client)
    huge = io.BytesIO(b" " * (21 * 1024 * 1024))
    response = client.post("/backup/import", data={"file": (huge, "backup.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 413
    assert "Ann" not in client.get("/history").get_data(as_text=True)
    assert client.get("/games").status_code == 200
