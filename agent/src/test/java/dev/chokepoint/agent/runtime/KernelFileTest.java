package dev.chokepoint.agent.runtime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class KernelFileTest {

    @TempDir
    Path dir;

    @Test
    void reads_a_small_file_whole_and_a_missing_one_as_null() throws Exception {
        Path loadavg = Files.writeString(dir.resolve("loadavg"), "0.52 0.61 0.70 3/412 9876\n");
        KernelFile files = new KernelFile();

        assertThat(files.read(loadavg.toString())).isEqualTo("0.52 0.61 0.70 3/412 9876\n");
        assertThat(files.read(dir.resolve("gone").toString())).isNull();
        assertThat(KernelFile.readInto(dir.resolve("gone").toString(), new byte[8])).isEqualTo(-1);
    }

    @Test
    void reads_only_the_start_of_a_long_file_where_the_callers_want_the_first_lines() throws Exception {
        String first = "cpu  10 20 30 40 50 60 70 80 0 0\n";
        Path stat = Files.writeString(dir.resolve("stat"), first + "intr " + "0 ".repeat(10_000) + "\n");

        String text = new KernelFile().read(stat.toString());

        assertThat(text).startsWith(first).hasSize(KernelFile.CAPACITY);
    }

    @Test
    void the_real_proc_files_read_as_the_kernel_writes_them() {
        String loadavg = new KernelFile().read("/proc/loadavg");

        assertThat(loadavg).matches("[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+/[0-9]+ [0-9]+\\s*");
    }
}
