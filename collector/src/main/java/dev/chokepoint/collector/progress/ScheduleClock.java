package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.steps.ScheduleFile;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepsException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * Steps from the schedule file, which a stairs script may write line by line as it goes: re-read
 * whenever it changes; a file not there yet or half-written is simply not read this round.
 */
final class ScheduleClock implements StepClock {

    private final Path file;
    private FileTime readVersion;
    private List<Step> steps = List.of();

    ScheduleClock(Path file) {
        this.file = file;
    }

    @Override
    public List<Window> ended(long now, List<TickTotals> history) {
        refresh();
        return steps.stream().filter(s -> s.endMillis() <= now)
                .map(s -> new Window(s.index(), s.startMillis(), s.endMillis())).toList();
    }

    private void refresh() {
        try {
            FileTime version = Files.getLastModifiedTime(file);
            if (!version.equals(readVersion)) {
                steps = ScheduleFile.readWindows(file);
                readVersion = version;
            }
        } catch (IOException | StepsException notReadyYet) {
            // the analysis at the end reports a bad file; progress just waits
        }
    }
}
