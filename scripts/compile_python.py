"""Inside Pyodide (scripts/compile_python.mjs): compile the job's Python to bytecode.

Globals given: HOST (where the host's / is mounted), JOB (the job file's host path).
The bytecode is "unchecked hash-based" (PEP 552): no timestamp, so the same source
always gives the same bytes, and Python never compares it with a source file.
The job's "dataclasses" imports the page's modules from a built site and writes the
table of the dataclasses' generated methods (web/browser/classcode.py).
"""
import importlib
import importlib.util
import json
import sys
import zipfile
from unittest import mock
from importlib._bootstrap_external import _code_to_hash_pyc

FIXED_DATE = (1980, 1, 1, 0, 0, 0)
HOST: str = globals()["HOST"]  # given by scripts/compile_python.mjs
JOB: str = globals()["JOB"]


def host(path: str) -> str:
    return HOST + path


def bytecode(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_stdlib(source_zip: str, out_zip: str) -> None:
    """The standard library's zip with each module as bytecode only (``x.pyc`` in place of
    ``x.py``, as zipimport reads them), other entries as they are, in the same order."""
    where = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"  # Pyodide's place for it
    with zipfile.ZipFile(host(source_zip)) as stock, \
            zipfile.ZipFile(host(out_zip), "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for entry in stock.infolist():
            data = stock.read(entry)
            name = entry.filename
            if name.endswith(".py"):
                data = bytecode(data, where + name)
                name = name[:-3] + ".pyc"
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            out.writestr(info, data)


def dataclass_code(root: str, modules: list[str], out: str) -> int:
    """Import ``modules`` from the site at ``root`` (PyScript's module stood in for) and write
    the table of the sources dataclasses compiled meanwhile to ``out``; how many."""
    sys.dont_write_bytecode = True  # nothing written into the site
    sys.path.insert(0, host(root))
    sys.modules.setdefault("pyscript", mock.MagicMock())
    from web.browser import classcode

    sources = classcode.record()
    for name in modules:
        importlib.import_module(name)
    with open(host(out), "wb") as f:
        f.write(classcode.dump(sources))
    return len(sources)


job = json.loads(open(host(JOB)).read())
if job.get("stdlib"):
    compile_stdlib(*job["stdlib"])
for source, pyc, filename in job.get("modules", []):
    with open(host(source), "rb") as f:
        data = bytecode(f.read(), filename)
    with open(host(pyc), "wb") as f:
        f.write(data)
if job.get("dataclasses"):
    print(f"compile_python: {dataclass_code(**job['dataclasses'])} dataclass sources")
print(f"compile_python: {sys.implementation.cache_tag}, "
      f"{'the standard library and ' if job.get('stdlib') else ''}{len(job.get('modules', []))} module(s)")
