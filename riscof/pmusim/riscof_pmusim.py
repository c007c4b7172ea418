"""RISCOF plugin for pmusim: compiles each architecture test with pmusim's model header and link
script (env/), runs it on the machine matching the ISA spec's XLEN (virt32 or virt64) and leaves
the signature where RISCOF looks for it (<work_dir>/DUT-pmusim.signature).

config.ini section (see riscof/config-rv32.ini; relative paths are relative to config.ini):
    [pmusim]
    pluginpath = pmusim                 folder of this file
    ispec = pmusim/pmusim_isa_rv32.yaml
    pspec = pmusim/pmusim_platform.yaml
    PATH = ../build/src                 folder holding the pmusim executable (default: $PATH)
    jobs = 2                            tests compiled and run in parallel
    machine = virt32                    optional: the pmusim machine (default virt32/virt64)
    signature_granularity = 4           optional: 4 or 8 (default: 4 on RV32, 8 on RV64, as the
                                        Sail reference plugin writes them)
    target_run = 1                      0: compile only
"""
import logging
import os
import shutil

import riscof.utils as utils
from riscof.pluginTemplate import pluginTemplate

logger = logging.getLogger()


class pmusim(pluginTemplate):
    __model__ = "pmusim"
    __version__ = "1"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        config = kwargs.get("config")
        if config is None:
            logger.error("pmusim plugin: the config.ini has no [pmusim] section")
            raise SystemExit(1)
        # relative paths are taken from the folder of config.ini (RISCOF passes it as config_dir)
        base = kwargs.get("config_dir") or os.getcwd()

        def path(p):
            return os.path.abspath(os.path.join(base, os.path.expanduser(p)))

        exe_dir = config.get("PATH", "")
        self.dut_exe = os.path.join(path(exe_dir), "pmusim") if exe_dir else (shutil.which("pmusim") or "pmusim")
        self.num_jobs = str(config.get("jobs", 1))
        self.pluginpath = path(config["pluginpath"])
        self.isa_spec = path(config["ispec"])
        self.platform_spec = path(config["pspec"])
        self.machine = config.get("machine")
        self.granularity = config.get("signature_granularity")
        self.target_run = config.get("target_run", "1") != "0"

    def initialise(self, suite, work_dir, archtest_env):
        self.work_dir = work_dir
        self.suite_dir = suite
        self.archtest_env = archtest_env

    def build(self, isa_yaml, platform_yaml):
        ispec = utils.load_yaml(isa_yaml)["hart0"]
        self.xlen = "64" if 64 in ispec["supported_xlen"] else "32"
        self.mabi = "lp64" if self.xlen == "64" else "ilp32"
        if not self.machine:
            self.machine = "virt" + self.xlen
        if not self.granularity:
            self.granularity = "8" if self.xlen == "64" else "4"
        # Debian's and most distributions' RISC-V gcc is riscv64-unknown-elf-gcc, which builds both
        # XLENs; a riscv32-unknown-elf-gcc is used when it is the one installed.
        self.cc = "riscv{0}-unknown-elf-gcc".format(self.xlen)
        if shutil.which(self.cc) is None:
            self.cc = "riscv64-unknown-elf-gcc"
        if shutil.which(self.cc) is None:
            logger.error("pmusim plugin: no riscv64-unknown-elf-gcc found")
            raise SystemExit(1)
        if self.target_run and shutil.which(self.dut_exe) is None:
            logger.error("pmusim plugin: pmusim not found at '%s' (set PATH in config.ini)", self.dut_exe)
            raise SystemExit(1)

    def compile_command(self, testentry, elf):
        env = os.path.join(self.pluginpath, "env")
        march = testentry["isa"].lower()
        # gcc 12 and later need the CSR and fence.i instructions named in -march
        for ext in ("zicsr", "zifencei"):
            if ext not in march:
                march += "_" + ext
        macros = " ".join("-D" + m for m in testentry["macros"])
        return ("{cc} -march={march} -mabi={mabi} -static -mcmodel=medany -fvisibility=hidden "
                "-nostdlib -nostartfiles -g -T {env}/link.ld -I {env} -I {archenv} {macros} "
                "-o {elf} {src}").format(cc=self.cc, march=march, mabi=self.mabi, env=env,
                                         archenv=self.archtest_env, macros=macros, elf=elf,
                                         src=testentry["test_path"])

    def runTests(self, testList):
        makefile = os.path.join(self.work_dir, "Makefile." + self.name[:-1])
        if os.path.exists(makefile):
            os.remove(makefile)
        make = utils.makeUtil(makefilePath=makefile)
        make.makeCommand = "make -k -j" + self.num_jobs
        for testname in testList:
            testentry = testList[testname]
            test_dir = testentry["work_dir"]
            elf = "pmusim.elf"
            sig_file = os.path.join(test_dir, self.name[:-1] + ".signature")
            steps = [self.compile_command(testentry, elf)]
            if self.target_run:
                # --max-insns: a test that loops forever ends (status 124) instead of hanging the run
                steps.append("{exe} run -q -M {machine} --max-insns 100000000 --signature {sig} "
                             "--signature-granularity {g} {elf} > pmusim.log 2>&1".format(
                                 exe=self.dut_exe, machine=self.machine, sig=sig_file,
                                 g=self.granularity, elf=elf))
            make.add_target("@cd {0}; {1};".format(test_dir, "; ".join(steps)))
        make.execute_all(self.work_dir)
        if not self.target_run:
            raise SystemExit(0)
