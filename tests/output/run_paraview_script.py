#!/usr/bin/python3
"""Runs a folder's open_in_paraview.py against a stand-in for paraview.simple (ParaView is
not a test dependency) and prints, as JSON, what the script asked ParaView to do:

    run_paraview_script.py FOLDER/open_in_paraview.py
      {"readers": [FILE, ...], "colour": [[FILE, ASSOCIATION, ARRAY(, COMPONENT)], ...],
       "hidden": [FILE, ...]}

("hidden": the files whose display the script made invisible, Visibility = 0)

for tests/output/vtk_writer_test.cpp, which checks each file and array against the frames.
The stand-in takes only the keyword arguments ParaView's functions take, so a misspelt one
fails; it cannot tell whether ParaView itself accepts the calls. A script that raises exits
with status 1.
"""
import json
import runpy
import sys
import types

calls = {"readers": [], "colour": []}
displays = []


class Proxy:
    """A source, view, display or animation scene: attributes can be set, and any method
    can be called."""

    def __init__(self, **properties):
        self.__dict__.update(properties)

    def __getattr__(self, name):
        return lambda *arguments, **keywords: None


def PVDReader(FileName):
    calls["readers"].append(FileName)
    return Proxy(FileName=FileName)


def XMLUnstructuredGridReader(FileName):
    if not isinstance(FileName, list):
        raise TypeError("XMLUnstructuredGridReader's FileName is a list of files")
    calls["readers"].extend(FileName)
    return Proxy(FileName=FileName[0])


def Show(proxy, view):
    displays.append(Proxy(source=proxy))
    return displays[-1]


def ColorBy(rep, value):
    calls["colour"].append([rep.source.FileName, *value])


def RenameSource(name, proxy):
    proxy.name = name


def GetActiveViewOrCreate(view_type):
    return Proxy(view_type=view_type)


def GetAnimationScene():
    return Proxy()


def Render(view=None):
    return None


def main():
    if len(sys.argv) != 2:
        print("usage: run_paraview_script.py open_in_paraview.py", file=sys.stderr)
        sys.exit(1)
    simple = types.ModuleType("paraview.simple")
    for function in (PVDReader, XMLUnstructuredGridReader, Show, ColorBy, RenameSource,
                     GetActiveViewOrCreate, GetAnimationScene, Render):
        setattr(simple, function.__name__, function)
    paraview = types.ModuleType("paraview")
    paraview.simple = simple
    sys.modules.update({"paraview": paraview, "paraview.simple": simple})
    runpy.run_path(sys.argv[1], run_name="__main__")
    calls["hidden"] = [display.source.FileName for display in displays
                       if display.__dict__.get("Visibility", 1) == 0]
    print(json.dumps(calls))


if __name__ == "__main__":
    main()
