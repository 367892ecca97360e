#!/usr/bin/env python3
"""model_table.py ROUND_DIR [EMU_DIR] - the tables of a GPU round (verify.sh's
round/ folder, unpacked): the modelled time against the GPU's median for every
day's reference kernel, the copy kernel beside it; and, with EMU_DIR (the same
grades with --backend emu, same file names), every grade whose verdicts differ
between the emulator alone and --backend auto."""
import json, os, sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def verdicts(report):
    return {c['name']: c['passed'] for c in report.get('checks', [])}


def main():
    days = os.path.join(sys.argv[1], 'days')
    emu = sys.argv[2] if len(sys.argv) > 2 else None
    print('| day | kernel | GPU median ms | model ms | model / GPU | bandwidth used | copy ms |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for name in sorted(os.listdir(days)):
        if not name.endswith('__solution.json'):
            continue
        r = load(os.path.join(days, name))
        if not r:
            print('| %s | (no report) | | | | | |' % name.split('__')[0])
            continue
        copy = r.get('copy', {}).get('ms')
        source = (r.get('model') or {}).get('device_bandwidth') or ''
        for k in r.get('kernels', []):
            ref = k.get('reference') or {}
            ms = ref.get('ms')
            model = ((ref.get('performance') or {}).get('model_ms') or {}).get('device')
            ratio = '%.2f' % (model / ms) if ms and model else ''
            print('| %s | %s | %s | %s | %s | %s | %s |' % (
                r.get('day', name), k.get('name'), '%.4f' % ms if ms else '-',
                '%.4f' % model if model else '-', ratio, source, '%.4f' % copy if copy else ''))
    if not emu:
        return
    print()
    print('| grade | check | emulator | emulator + GPU | detail |')
    print('| --- | --- | --- | --- | --- |')
    same = differ = 0
    for name in sorted(os.listdir(days)):
        if not name.endswith('.json'):
            continue
        a, e = load(os.path.join(days, name)), load(os.path.join(emu, name))
        if not a or not e:
            print('| %s | (missing: %s) | | | |' % (name[:-5], 'auto' if not a else 'emu'))
            differ += 1
            continue
        va, ve = verdicts(a), verdicts(e)
        # a check judged both ways and judged differently; or one only the GPU
        # run has (performance: the GPU's results against the emulator's)
        # that fails
        rows = [(c, ve.get(c), va.get(c)) for c in sorted(set(va) | set(ve))
                if (c in va and c in ve and va[c] != ve[c]) or (c not in ve and va.get(c) is False)]
        detail = {c['name']: c.get('detail', '') for c in a.get('checks', [])}
        for c, x, y in rows:
            print('| %s | %s | %s | %s | %s |' % (name[:-5], c, 'not shown' if x is None else x, y,
                                                  detail.get(c, '')[:90].replace('|', '/')))
        differ += bool(rows)
        same += not rows
    print('\n%d grades with the same verdicts, %d differ' % (same, differ))


main()
